// The checks of the cluster run: each prints one line; failures make the run exit 1.
export const failures: string[] = [];

export function check(name: string, passed: boolean, detail = '') {
  console.log(`${passed ? 'ok  ' : 'FAIL'} ${name}${passed ? '' : `: ${detail}`}`);
  if (!passed) failures.push(`${name}: ${detail}`);
}

/** Polls `read` until `done` holds or `seconds` pass; answers the last reading either way. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, seconds: number): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
}
