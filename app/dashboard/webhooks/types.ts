import type { inferRouterOutputs } from '@trpc/server';
import type { EVENT_TYPES } from '@/server/model/enums';
import type { AppRouter } from '@/server/routers/root';

export type Endpoint = inferRouterOutputs<AppRouter>['webhooks']['list']['data'][number];
export type EventName = (typeof EVENT_TYPES)[number] | '*';
