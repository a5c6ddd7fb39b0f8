// One request to a node; a refused or cut connection is an answer too (status 0): the caller
// was not acknowledged.
export type Answer = { status: number; body: any; node: string };

export async function call(node: { name: string; url: string }, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const res = await fetch(node.url + path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body: parsed, node: node.name };
  } catch {
    return { status: 0, body: undefined, node: node.name };
  }
}

/** Runs `tasks` with at most `width` in flight. */
export async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}
