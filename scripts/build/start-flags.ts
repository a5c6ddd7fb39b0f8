import { readFileSync } from 'node:fs';

/**
 * The Node flags `npm start` gives the compiled entry (package.json's start script), so whatever
 * starts the production server outside npm (the benchmarks, the browser specs' server) runs it as
 * production does.
 */
export const START_FLAGS: string[] = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start as string)
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
