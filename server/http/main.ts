// `npm start`: production server (run `npm run build` first).
import { serve } from './serve';
import { exitOnStartFailure } from './start-failure';

await serve({ dev: false }).catch(exitOnStartFailure);
