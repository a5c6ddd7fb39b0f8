// Writes the /v1 OpenAPI document to a file (for the spectral lint): the same document
// `GET /v1/openapi.json` serves, generated from the routers without a database.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { appRouter } from '../../server/routers/root';
import { openApiDocument } from '../../server/trpc/openapi';

const out = process.argv[2] ?? 'openapi.json';
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(openApiDocument(appRouter), null, 2));
