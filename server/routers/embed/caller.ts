import { randomUUID } from 'node:crypto';
import { RefcountError } from '../../errors/errors';
import { getServices } from '../../runtime/services';
import { createRequestContext } from '../../trpc/context';
import { createCallerFactory } from '../../trpc/init';
import { embedRouter } from './router';
import type { ReferralsRecord } from './get-referrals.types';

// The embedded page's one way in (app/embed/referrals/page.tsx): a server-side call of the embed
// router with the token as its only credential. The page never reads the database itself, and no
// cookie of the browser is consulted (the request context carries none).
const createCaller = createCallerFactory(embedRouter);

/** What the page shows for `token`, or null when the token is not (or no longer) good. */
export async function embedReferralsFor(token: string): Promise<ReferralsRecord | null> {
  const caller = createCaller(createRequestContext(await getServices(), { requestId: randomUUID(), transport: 'dashboard', embedToken: token }));
  try {
    return (await caller.referrals()).data;
  } catch (e) {
    if (RefcountError.is(e) && e.code === 'unauthorized') return null;
    const cause = (e as { cause?: unknown }).cause;
    if (RefcountError.is(cause) && cause.code === 'unauthorized') return null;
    throw e;
  }
}
