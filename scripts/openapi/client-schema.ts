// The typed client's types as openapi-typescript writes them from today's /v1 document: the
// generator script writes this text, and the client test holds the committed file to it.
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { appRouter } from '../../server/routers/root';
import { openApiDocument } from '../../server/trpc/openapi';

export const clientSchemaPath = fileURLToPath(new URL('../../clients/typescript/src/schema.d.ts', import.meta.url));

const HEADER = `// Generated from Refcount's /v1 OpenAPI document by \`npm run client:generate\`: do not edit.
// A test fails when this file and the routers disagree (docs/client-and-mcp.md).
`;

export async function clientSchemaSource(): Promise<string> {
  // A JSON round trip: the generator wants plain objects, as a client fetching the document sees them.
  const document = JSON.parse(JSON.stringify(openApiDocument(appRouter)));
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}
