// `npm run client:generate`: writes the typed client's types (clients/typescript/src/schema.d.ts)
// from the /v1 OpenAPI document, built from the routers as GET /v1/openapi.json serves it.
// `--check` writes nothing and exits 1 when the committed file differs (docs/client-and-mcp.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { clientSchemaPath, clientSchemaSource } from './client-schema';

const current = await clientSchemaSource();
if (process.argv.includes('--check')) {
  if (readFileSync(clientSchemaPath, 'utf8') !== current) {
    console.error(`${clientSchemaPath} is not the current /v1 document: run npm run client:generate and commit it.`);
    process.exit(1);
  }
  console.log(`${clientSchemaPath} matches the /v1 document.`);
} else {
  writeFileSync(clientSchemaPath, current);
  console.log(`wrote ${clientSchemaPath}`);
}
