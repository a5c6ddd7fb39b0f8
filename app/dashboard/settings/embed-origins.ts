import { embedOriginOf } from '@/server/contracts/embed';

// The settings page's "Sites allowed to embed the referral page" (docs/embedded-referrals.md#origins):
// checked in the browser to say what is wrong in words, by line; the API checks the same rule again.

export const MAX_ORIGINS = 10;
const MAX_LENGTH = 255;

/** The origins typed one a line (blank lines skipped, repeats kept once), or what is wrong with them. */
export function originsOrProblem(text: string): { origins: string[]; problem: null } | { origins: null; problem: string } {
  const origins: string[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const origin = line.length <= MAX_LENGTH ? embedOriginOf(line) : null;
    if (origin === null) {
      const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
      return { origins: null, problem: `Sites allowed to embed, line ${i + 1} (${shown}): use an address like https://app.example.com, without a path (http only for localhost).` };
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > MAX_ORIGINS) return { origins: null, problem: `Sites allowed to embed: at most ${MAX_ORIGINS} addresses (you gave ${origins.length}).` };
  return { origins, problem: null };
}
