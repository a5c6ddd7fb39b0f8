import type { IncomingMessage, ServerResponse } from 'node:http';
import { appRouter } from '../../routers/root';
import type { Services } from '../../trpc/context';
import { createV1Dispatcher } from './dispatch';
import { toFetchResponse, toFetchV1Request } from './fetch';
import { toNodeV1Request, writeNodeResponse } from './node';

/** /v1 on node:http: what the lean production entry and the HTTP tests serve. */
export function createNodeV1Handler(services: Services) {
  const dispatch = createV1Dispatcher(appRouter, services);
  return async (req: IncomingMessage, res: ServerResponse) => writeNodeResponse(res, await dispatch(toNodeV1Request(req, services.config.trustProxy)));
}

/** /v1 as a Fetch API handler: the Next route mount (`next dev`, serverless hosts). */
export function createFetchV1Handler(services: Services) {
  const dispatch = createV1Dispatcher(appRouter, services);
  return async (request: Request) => toFetchResponse(await dispatch(toFetchV1Request(request, services.config.trustProxy)));
}
