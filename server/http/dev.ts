// `npm run dev`: Next in development mode, the embedded database, and a seeded demo on first run.
import { seedDemoIfEmpty } from '../domain/demo/seed';
import { serve } from './serve';
import { exitOnStartFailure } from './start-failure';

await serve({
  dev: true,
  onReady: async (services) => {
    const demo = await seedDemoIfEmpty(services.database.db, services.config);
    const url = services.config.publicUrl;
    process.stdout.write(
      `\n  Refcount is running: ${url}/dashboard\n` +
        `  API docs:            ${url}/docs\n` +
        (demo
          ? `  Demo login:          ${demo.email} / ${demo.password}\n  Demo API key:        ${demo.token}\n\n`
          : `  Demo data exists; create a key with: npx refcount keys create --workspace <id> --scopes read,write,track\n\n`),
    );
  },
}).catch(exitOnStartFailure);
