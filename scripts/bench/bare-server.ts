// The benchmark's floor: bare node:http + postgres.js running the same domain code (so the same
// SQL) with no dispatcher, auth, rate limit or validation. Started by track.ts.
import { createServer } from 'node:http';
import { openDatabase } from '@/db/client';
import { recordConversion } from '@/server/domain/conversions/record';
import { recordClick } from '@/server/domain/tracking/record-click';

const database = await openDatabase({ url: process.env.DATABASE_URL!, max: 10 });
const ctx = { db: database.db, workspaceId: process.env.BENCH_WORKSPACE_ID! };

createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    try {
      const i = JSON.parse(body);
      const out = req.url === '/v1/track/click'
        ? await recordClick({ ctx, input: { ref: i.ref } })
        : await recordConversion({ ctx, input: { type: 'sale', externalId: i.external_id, ref: i.ref, amount: i.amount } });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
}).listen(Number(process.env.PORT));
