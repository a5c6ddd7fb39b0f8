import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers/root';

export type Assessment = inferRouterOutputs<AppRouter>['risk']['flags']['data'][number];
export type Evidence = NonNullable<Assessment['evidence']>;
