/**
 * The affiliates who may use the portal and their refa_live_ keys: active ones, and pending ones
 * (they follow their application before approval). Suspended and rejected affiliates are shut out
 * everywhere at once (sign-in, sign-in links, keys, a session already open) and let back in on
 * reactivation, though not into the sessions that suspension ended (server/auth/sessions.ts).
 * One list, so the four doors cannot disagree.
 */
export const ACCESS_STATUSES = ['active', 'pending'] as const;

export const hasAccess = (status: string) => (ACCESS_STATUSES as readonly string[]).includes(status);
