import { SIGN_IN_LIMITED } from '../contracts/sign-in';
import type { Db } from '@/db/client';
import { headersClientIp } from '../lib/client-ip';
import type { Services } from '../trpc/context';
import type { LoginAttempt } from './login-guard';

type Credentials = Partial<Record<'email' | 'password', string>> | undefined;
/** next-auth's `req.headers`: the request's headers as a plain object, names in lower case. */
type HeaderBag = Record<string, string | string[] | undefined> | undefined;

/**
 * A next-auth credentials check behind the login guard (login-guard.ts). Every wrong answer is
 * the same null, for an unknown account as for a wrong password; a limited attempt throws, which
 * next-auth reports to the page as `error: SIGN_IN_LIMITED`, and its password is not checked.
 */
export async function guardedSignIn<T>(
  services: Services,
  surface: LoginAttempt['surface'],
  credentials: Credentials,
  headers: HeaderBag,
  check: (db: Db, email: string, password: string) => Promise<T | null>,
): Promise<T | null> {
  const { email, password } = credentials ?? {};
  if (!email || !password) return null;
  const header = (name: string) => {
    const v = headers?.[name];
    return Array.isArray(v) ? v.join(', ') : (v ?? null);
  };
  const ip = headersClientIp(header, services.config.trustProxy);
  const r = await services.loginGuard.attempt({ surface, email, ip }, () => check(services.database.db, email, password));
  if (!r.ok) throw new Error(SIGN_IN_LIMITED);
  return r.value;
}
