// A second app node for tests: /v1 on its own port in its own process, on the PostgreSQL
// database named by DATABASE_URL. Prints its address on one line; exits when stdin closes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@/db/client';
import { closeServices, createServices } from '../runtime/services';
import { createNodeV1Handler } from '../http/v1/handler';
import { readConfig } from '../lib/env';

const config = readConfig();
const services = createServices(await openDatabase({ url: config.databaseUrl, max: 5 }), config);
const handler = createNodeV1Handler(services);
const server = createServer((req, res) => void handler(req, res));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
process.stdin.resume();
process.stdin.on('end', () => server.close(() => void closeServices(services).then(() => process.exit(0))));
