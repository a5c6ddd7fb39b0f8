// `npm start`: production server (run `npm run build` first).
import { serve } from './serve';

await serve({ dev: false });
