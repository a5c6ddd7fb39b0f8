import type { User } from 'next-auth';
import { decode, encode, type JWT } from 'next-auth/jwt';
import { authOptions } from '../auth/next-auth';
import { portalSession, userSession, type SessionUser } from '../auth/sessions';
import { provideServices } from '../runtime/services';
import type { Services } from '../trpc/context';
import { identityCaller } from './session-caller';

// Test helper: a browser's next-auth session, as next-auth runs it minus HTTP. Sign-in runs our
// provider (authorize) and jwt callback and gives the encrypted cookie a browser holds (and a
// thief copies); each request decodes it and runs the jwt and session callbacks as
// getServerSession does, then the endpoint's identify (app/api/trpc, app/portal/api/trpc) and the
// real router. Sign-out runs next-auth's signOut event. The providers reach the database through
// the process's services, so these register the test's.

const SECRET = 'test-only-session-secret';
const callbacks = authOptions.callbacks!;

type Provider = 'credentials' | 'affiliate';
type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<User | null>;

/** Signs in with e-mail and password; the session cookie's value, or null when refused. */
export async function signIn(services: Services, provider: Provider, email: string, password: string): Promise<string | null> {
  provideServices(services);
  // next-auth merges a provider's own options (its `id` among them) over the defaults at start
  const providers = authOptions.providers as unknown as { id: string; options: { id?: string; authorize: Authorize } }[];
  const { options } = providers.find((p) => (p.options.id ?? p.id) === provider)!;
  const user = await options.authorize({ email, password }, { headers: {} });
  if (!user) return null;
  const token = await callbacks.jwt!({ token: { sub: user.id, email: user.email, name: user.name }, user, account: null, trigger: 'signIn' });
  return encode({ token, secret: SECRET, maxAge: authOptions.session!.maxAge });
}

/** The cookie read back as getServerSession reads it: the session's user. */
async function sessionUser(cookie: string): Promise<SessionUser> {
  const decoded = (await decode({ token: cookie, secret: SECRET })) as JWT;
  const token = await callbacks.jwt!({ token: decoded, user: undefined as never, account: null });
  const session = await callbacks.session!({ session: { user: {}, expires: '' }, token } as never);
  return session.user as SessionUser;
}

/** The dashboard's or the portal's tRPC endpoint of `services` (one app node), called with `cookie`. */
export async function browserCaller(services: Services, endpoint: 'dashboard' | 'portal', cookie: string) {
  const user = await sessionUser(cookie);
  const identity = endpoint === 'dashboard' ? { session: userSession(user), portal: null } : { session: null, portal: portalSession(user) };
  return identityCaller(services, identity);
}

/** "Sign out" in the browser holding `cookie` (next-auth's POST /api/auth/signout). */
export async function signOut(services: Services, cookie: string) {
  provideServices(services);
  const token = (await decode({ token: cookie, secret: SECRET })) as JWT;
  await authOptions.events!.signOut!({ token, session: undefined as never });
}
