import type { NextAuthOptions } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { authenticateUser } from '../domain/users/users';
import { getServices } from '../runtime/services';

const EIGHT_HOURS = 8 * 60 * 60;

// Dashboard sign-in: e-mail and password checked against scrypt hashes; a JWT session that
// expires after eight hours. The user id in the token is what the dashboard context resolves.
export const authOptions: NextAuthOptions = {
  session: { strategy: 'jwt', maxAge: EIGHT_HOURS },
  pages: { signIn: '/login' },
  providers: [
    Credentials({
      name: 'Email',
      credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials) {
        if (!credentials?.email || !credentials.password) return null;
        const { database } = await getServices();
        const user = await authenticateUser(database.db, credentials.email, credentials.password);
        return user ? { id: user.id, email: user.email, name: user.name } : null;
      },
    }),
  ],
  callbacks: {
    jwt: ({ token, user }) => (user ? { ...token, uid: user.id } : token),
    session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.uid as string } }),
  },
};
