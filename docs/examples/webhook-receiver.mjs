// A Refcount webhook receiver in plain Node (no packages): it checks each request's Standard
// Webhooks signature before trusting the body.
//   WEBHOOK_SECRET=whsec_… PORT=4000 node webhook-receiver.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const TOLERANCE_SECONDS = 5 * 60;

/** The event, if `body` (the raw text, unparsed) was signed with `secret`; throws otherwise. */
export function verifyWebhook(secret, headers, body, nowSeconds = Date.now() / 1000) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) throw new Error('missing webhook headers');
  // An old timestamp is a replayed request, even with a valid signature.
  if (!(Math.abs(nowSeconds - Number(timestamp)) <= TOLERANCE_SECONDS)) throw new Error('timestamp too old or too new');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  // Several signatures while a rotated secret is still valid: any one of them will do.
  const valid = signatures.split(' ').some((candidate) => {
    const [version, signature = ''] = candidate.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error('no valid signature');
  return JSON.parse(body);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const event = verifyWebhook(secret, req.headers, Buffer.concat(chunks).toString('utf8'));
        // Deliveries are at least once: skip an event whose id you have already handled.
        console.log(`${event.type} ${event.id}`);
        res.writeHead(204).end();
      } catch (err) {
        console.log(`rejected: ${err.message}`);
        res.writeHead(400).end();
      }
    });
  });
  server.listen(Number(process.env.PORT ?? 4000), process.env.HOST ?? '127.0.0.1', () => {
    console.log(`listening on http://${process.env.HOST ?? '127.0.0.1'}:${server.address().port}/`);
  });
}
