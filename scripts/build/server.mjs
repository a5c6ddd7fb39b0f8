// Part of `npm run build`: the lean production entry and the operator's CLI compiled once to
// plain JavaScript (dist/), so production starts with `node` and no TypeScript loader. Packages
// stay external (node_modules is there at run time); only our own modules are bundled, and JSON
// that packages ship (Node's loader wants an import attribute esbuild does not write).
import { build } from 'esbuild';

// Packages whose entry point is a JSON file.
const JSON_PACKAGES = new Set(['disposable-email-domains']);
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@/') || path.endsWith('.json') || JSON_PACKAGES.has(path) ? undefined : { path, external: true });
  },
};

const started = Date.now();
await build({
  entryPoints: { server: 'server/http/main.ts', cli: 'server/cli/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  plugins: [packagesExternal],
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
console.log(`build: dist/server.mjs and dist/cli.mjs in ${Date.now() - started} ms`);
