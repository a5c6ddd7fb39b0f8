import type { NextAuthOptions } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { authenticateAffiliateLogin } from '../domain/portal/sign-in';
import { authenticateUser } from '../domain/users/users';
import { readConfig } from '../lib/env';
import { getServices } from '../runtime/services';
import { guardedSignIn } from './credentials';

const EIGHT_HOURS = 8 * 60 * 60;
const credentials = { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } };

// Two sign-ins share one JWT session that expires after eight hours: a dashboard user (`uid`,
// resolved by the dashboard endpoint) or a portal affiliate (`aid` + `wid`, resolved only by the
// portal endpoint). A token carries one or the other, never both.
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
        return user ? { id: user.id, email: user.email, name: user.name } : null;
      },
    }),
    Credentials({
      id: 'affiliate',
      name: 'Affiliate portal',
      credentials,
      async authorize(credentials, req) {
        const a = await guardedSignIn(await getServices(), 'portal', credentials, req.headers, authenticateAffiliateLogin);
        return a ? { id: a.id, email: a.email, name: a.name, affiliateOf: a.workspaceId } : null;
      },
    }),
  ],
  callbacks: {
    jwt: ({ token, user }) => {
      if (!user) return token;
      const affiliateOf = (user as { affiliateOf?: string }).affiliateOf;
      const { uid: _u, aid: _a, wid: _w, ...rest } = token;
      return affiliateOf ? { ...rest, aid: user.id, wid: affiliateOf } : { ...rest, uid: user.id };
    },
    session: ({ session, token }) => ({
      ...session,
      user: {
        ...session.user,
        id: token.uid as string | undefined,
        affiliateId: token.aid as string | undefined,
        workspaceId: token.wid as string | undefined,
      },
    }),
  },
};
