import type { z } from 'zod';
import { RefcountError } from './errors';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let cur = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

// Missing required field → `<field>_required`; anything else wrong → invalid_request naming it.
export function fromZodIssues(issues: z.core.$ZodIssue[], rawInput: unknown): RefcountError {
  const missing = issues.find(
    (i) => i.code !== 'unrecognized_keys' && i.path.length > 0 && valueAt(rawInput, i.path) === undefined,
  );
  if (missing) return new RefcountError(`${String(missing.path[missing.path.length - 1])}_required`, `${missing.path.join('.')} is required`);
  const issue = issues[0];
  if (!issue) return new RefcountError('invalid_request', 'invalid input');
  if (issue.code === 'unrecognized_keys') {
    const at = issue.path.length ? `${issue.path.join('.')}.` : '';
    return new RefcountError('invalid_request', `unknown field: ${issue.keys.map((k) => at + k).join(', ')}`);
  }
  const field = issue.path.length ? issue.path.join('.') : 'body';
  return new RefcountError('invalid_request', `${field}: ${issue.message}`);
}
