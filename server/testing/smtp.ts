import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP peer for tests (Vitest here, the Playwright run through e2e/serve.mjs) and the bit of
// MIME needed to read what it received.

export type Received = { to: string[]; subject: string; text: string; html: string | null; headers: Record<string, string> };

/** A real SMTP server on 127.0.0.1 that keeps what it receives, or refuses every recipient. */
export async function startSmtp({ refuse = false, onMessage }: { refuse?: boolean; onMessage?: (m: Received) => void } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const message = { to: session.envelope.rcptTo.map((r) => r.address), ...parseMessage(Buffer.concat(chunks).toString('utf8')) };
        received.push(message);
        onMessage?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// Just enough MIME for what the mailer sends: a single text part, or multipart/alternative with
// a text and an HTML part (affiliate e-mails); unfolded headers, quoted-printable or base64 bodies.
export function parseMessage(raw: string): { subject: string; text: string; html: string | null; headers: Record<string, string> } {
  const { headers, body } = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return { subject: headers.subject ?? '', text: decode(body, headers), html: null, headers };
  const parts = body.split(`--${boundary}`).slice(1, -1).map((p) => splitPart(p.replace(/^\r\n/, '')));
  const of = (type: string) => parts.find((p) => (p.headers['content-type'] ?? '').startsWith(type));
  const text = of('text/plain');
  const html = of('text/html');
  return { subject: headers.subject ?? '', text: text ? decode(text.body, text.headers) : '', html: html ? decode(html.body, html.headers) : null, headers };
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { headers, body: rest.join('\r\n\r\n').replace(/\r\n$/, '') };
}

function decode(body: string, headers: Record<string, string>): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  return encoding === 'quoted-printable'
    ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
    : encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : body;
}
