// A TCP proxy between a client and PostgreSQL that logs every statement the client executes, read
// off the wire: the frontend's Parse (a named statement is Parsed once per connection, then only
// Bound by name), Bind (text or binary values) and simple Query; the backend's CommandComplete and
// ReadyForQuery say how many rows each touched and when it completed, DataRow what it read back.
// Used by capture-sql.ts.
import { connect, createServer, type Socket } from 'node:net';

export type Param = string | null | { base64: string };
/** One execution. params null: a simple Query. conn: which proxied connection. tags: CommandComplete (or ERROR). rows: the DataRows' cells as text. */
export type Stmt = { text: string; params: Param[] | null; types: number[]; conn: number; sent: number; done: number; tags: string[]; rows: (string | null)[][] };

const cstr = (b: Buffer, o: number) => [b.toString('utf8', o, b.indexOf(0, o)), b.indexOf(0, o) + 1] as const;

/** Message framing; `typed` false: untyped startup packets until onMessage answers true. */
function framer(typed: boolean, onMessage: (type: number, body: Buffer) => boolean | void, skipByte = () => false) {
  let buf = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (buf.length && skipByte()) {
        if (buf[0] !== 0x4e) throw new Error('PostgreSQL accepted SSL: the recording proxy cannot read TLS');
        buf = buf.subarray(1);
      }
      const h = typed ? 1 : 0;
      if (buf.length < h + 4 || buf.length < h + buf.readInt32BE(h)) return;
      const end = h + buf.readInt32BE(h);
      if (onMessage(typed ? buf[0] : 0, buf.subarray(h + 4, end))) typed = true;
      buf = buf.subarray(end);
    }
  };
}

/** A DataRow's cells: count, then each one's length (-1: null) and bytes. */
function dataRow(body: Buffer): (string | null)[] {
  let o = 2;
  return Array.from({ length: body.readInt16BE(0) }, () => {
    const len = body.readInt32BE(o);
    const cell = len < 0 ? null : body.toString('utf8', o + 4, o + 4 + len);
    o += 4 + Math.max(0, len);
    return cell;
  });
}

/** Logs into `log` the executions of every connection made through the returned server. */
export function recordingProxy(upstream: URL, log: Stmt[]) {
  let conns = 0;
  return createServer((client: Socket) => {
    const conn = conns++;
    const names = new Map<string, { text: string; types: number[] }>(); // Parsed once per connection, then only Bound by name
    const pending: Stmt[] = [];
    let sslAnswers = 0; // postgres.js sends no SSLRequest unless ssl is set; if one comes, PostgreSQL answers one byte
    const pg = connect(Number(upstream.port || 5432), upstream.hostname);
    const exec = (text: string, params: Param[] | null, types: number[] = []) => {
      const s: Stmt = { text, params, types, conn, sent: performance.now(), done: 0, tags: [], rows: [] };
      log.push(s);
      pending.push(s);
    };
    client.on('data', framer(false, (type, body) => {
      if (!type) {
        if (body.readInt32BE(0) === 80877103) sslAnswers++;
        return body.readInt32BE(0) === 196608; // StartupMessage; after it every message has a type byte
      }
      if (type === 0x51) exec(cstr(body, 0)[0], null); // Query
      if (type === 0x50) { // Parse: name, text, parameter type oids
        const [name, o] = cstr(body, 0);
        const [text, p] = cstr(body, o);
        names.set(name, { text, types: Array.from({ length: body.readInt16BE(p) }, (_, i) => body.readInt32BE(p + 2 + 4 * i)) });
      }
      if (type !== 0x42) return; // Bind: portal, statement, format codes, values
      const [name, afterName] = cstr(body, cstr(body, 0)[1]);
      const formats = Array.from({ length: body.readInt16BE(afterName) }, (_, i) => body.readInt16BE(afterName + 2 + 2 * i));
      let o = afterName + 2 + 2 * formats.length + 2;
      const params = Array.from({ length: body.readInt16BE(o - 2) }, (_, i): Param => {
        const len = body.readInt32BE(o);
        const value = body.subarray(o + 4, o + 4 + Math.max(0, len));
        o += 4 + Math.max(0, len);
        return len < 0 ? null : formats[formats.length === 1 ? 0 : i] === 1 ? { base64: value.toString('base64') } : value.toString('utf8');
      });
      const parsed = names.get(name);
      exec(parsed?.text ?? `-- unknown statement ${name}`, params, parsed?.types.filter(Boolean).length ? parsed.types : []);
    }));
    pg.on('data', framer(true, (type, body) => {
      if (type === 0x44) pending[0]?.rows.push(dataRow(body));
      if (type === 0x43) pending[0]?.tags.push(cstr(body, 0)[0]); // CommandComplete
      if (type === 0x45) pending[0]?.tags.push(`ERROR ${body.toString('utf8').replace(/\0/g, ' ')}`);
      if (type === 0x5a && pending.length) pending.shift()!.done = performance.now(); // ReadyForQuery
    }, () => sslAnswers > 0 && sslAnswers-- > 0));
    client.on('data', (c) => pg.write(c));
    pg.on('data', (c) => client.write(c));
    for (const [a, b] of [[client, pg], [pg, client]]) a.on('close', () => b.destroy()).on('error', () => b.destroy());
  });
}
