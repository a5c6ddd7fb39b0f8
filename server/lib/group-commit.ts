import { refusedByDatabase } from './database-error';

/**
 * Group commit: writes that arrive while earlier ones are in flight wait and go together as one
 * statement (one transaction, one WAL flush), so the database commits a batch in about the time it
 * commits one row. Nobody waits for a timer: an idle writer sends once the running task is done
 * (a microtask: the items that one batch of answers sets off arrive together, in one statement); a
 * busy one sends what queued up as soon as a statement slot frees, before it answers the callers
 * of the statement that freed it (the database works on the next while they run on). Each caller
 * is answered only after the statement that carried its item returned, i.e. after its row is
 * committed. Reads share statements the same way (API key lookups): a statement is sent after
 * every item in it arrived, so each caller reads state at least as fresh as a statement of its
 * own would have.
 *
 * A statement that the database refused (an error with a SQLSTATE: the transaction rolled back,
 * nothing was kept) is retried item by item, so one bad item fails alone. Any other failure (the
 * connection dropped, the outcome is unknown) fails the whole batch: a retry could write twice.
 */
export type GroupCommit<I, O> = {
  (item: I): Promise<O>;
  /** Items written and statements sent so far (batching at work: statements < items). */
  stats: () => { items: number; statements: number };
};

export type GroupCommitOptions<I, O> = {
  /** Writes the items in one statement; answers one result per item, in order. */
  write: (items: I[]) => Promise<O[]>;
  /** Most items in one statement (bounds the statement's size and a batch's latency). */
  maxBatch: number;
  /** Statements in flight at once (the rest of the pool stays free for everything else). */
  maxInFlight: number;
};

type Waiting<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };

export function groupCommit<I, O>({ write, maxBatch, maxInFlight }: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let items = 0;
  let statements = 0;

  const send = async (batch: Waiting<I, O>[]) => {
    statements += 1;
    items += batch.length;
    const out = await write(batch.map((w) => w.item));
    if (out.length !== batch.length) throw new Error(`group commit: ${out.length} results for ${batch.length} items`);
    return out;
  };
  const answer = (batch: Waiting<I, O>[], out: O[]) => batch.forEach((w, i) => w.resolve(out[i]));

  // A batch holds its slot until its statement returned (and, refused, until its items were
  // retried one by one); the slot goes to what queued meanwhile before the batch is answered.
  const run = async (batch: Waiting<I, O>[]) => {
    let out: O[];
    try {
      out = await send(batch);
    } catch (err) {
      if (batch.length === 1 || !refusedByDatabase(err)) batch.forEach((w) => w.reject(err));
      else {
        items -= batch.length;
        await Promise.all(batch.map((w) => send([w]).then((o) => answer([w], o), w.reject)));
      }
      return release();
    }
    release();
    answer(batch, out);
  };
  const release = () => {
    inFlight -= 1;
    pump();
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      inFlight += 1;
      void run(queue.splice(0, maxBatch));
    }
  };

  let pumpQueued = false;
  const enqueue = (item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (pumpQueued) return;
      pumpQueued = true;
      queueMicrotask(() => {
        pumpQueued = false;
        pump();
      });
    });
  return Object.assign(enqueue, { stats: () => ({ items, statements }) });
}

/**
 * One writer per database handle (a pool, or a caller's transaction): concurrent writes on one
 * handle share statements; two handles never share one (a transaction's writes stay in it).
 */
export function groupCommitPerHandle<H extends object, I, O>(options: (handle: H) => GroupCommitOptions<I, O>): (handle: H) => GroupCommit<I, O> {
  const writers = new WeakMap<H, GroupCommit<I, O>>();
  return (handle) => {
    let writer = writers.get(handle);
    if (!writer) writers.set(handle, (writer = groupCommit(options(handle))));
    return writer;
  };
}
