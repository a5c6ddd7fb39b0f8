import type { NextAuthOptions } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { authenticateAffiliateLogin } from '../domain/portal/sign-in';
import { authenticateUser } from '../domain/users/users';
import { readConfig } from '../lib/env';
import { getServices } from '../runtime/services';
import { guardedSignIn } from './credentials';
import { endSessionsOfToken } from './sessions';

const EIGHT_HOURS = 8 * 60 * 60;
const credentials = { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } };

// Two sign-ins share one JWT session that expires after eight hours: a dashboard user (`uid`,
// resolved by the dashboard endpoint) or a portal affiliate (`aid` + `wid`, resolved only by the
// portal endpoint). A token carries one or the other, never both, and `sv`: the session version
// of that user or affiliate at sign-in, which ends the session once it moves on (sessions.ts).
export const authOptions: NextAuthOptions = {
  session: { strategy: 'jwt', maxAge: EIGHT_HOURS },
  // Session and CSRF cookies only over https once the install is served that way.
  useSecureCookies: readConfig().publicUrl.startsWith('https:'),
  pages: { signIn: '/login' },
  providers: [
    Credentials({
      name: 'Email',
      credentials,
      async authorize(credentials, req) {
        const user = await guardedSignIn(await getServices(), 'dashboard', credentials, req.headers, authenticateUser);
        return user ? { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion } : null;
      },
    }),
    Credentials({
      id: 'affiliate',
      name: 'Affiliate portal',
      credentials,
      async authorize(credentials, req) {
        const a = await guardedSignIn(await getServices(), 'portal', credentials, req.headers, authenticateAffiliateLogin);
        return a ? { id: a.id, email: a.email, name: a.name, affiliateOf: a.workspaceId, sessionVersion: a.sessionVersion } : null;
      },
    }),
  ],
  callbacks: {
    jwt: ({ token, user }) => {
      if (!user) return token;
      const { affiliateOf, sessionVersion: sv } = user as typeof user & { affiliateOf?: string; sessionVersion?: number };
      const { uid: _u, aid: _a, wid: _w, sv: _v, ...rest } = token;
      return affiliateOf ? { ...rest, aid: user.id, wid: affiliateOf, sv } : { ...rest, uid: user.id, sv };
    },
    session: ({ session, token }) => ({
      ...session,
      user: {
        ...session.user,
        id: token.uid as string | undefined,
        affiliateId: token.aid as string | undefined,
        workspaceId: token.wid as string | undefined,
        sessionVersion: token.sv as number | undefined,
      },
    }),
  },
  events: {
    // Sign-out ends the session on the server too: a copy of the cookie stops working everywhere.
    signOut: async ({ token }) => endSessionsOfToken((await getServices()).database.db, token),
  },
};
