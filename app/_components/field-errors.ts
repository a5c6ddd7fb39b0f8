import { errorWords, type ApiError } from './error-words';

// Which form field a problem belongs to, so a form can say each one beside its field, all at once
// (forms.tsx `useFieldErrors`). Two sources, one wording (error-words.ts): the contract's zod
// issues, checked in the browser before sending, and the server's error body, whose `error`
// (`name_required`) or `detail` (`destination_url: must be an https URL`) names the field.

/** A field's message, by the contract's field path without list positions ("destination_url", "terms.amount", "events"). */
export type FieldErrors = Partial<Record<string, string>>;
type Issue = { path: readonly PropertyKey[]; message: string };

/** A contract path ("terms.amount", ["events", 0]) as the field it names: list positions dropped. */
export const fieldOf = (path: readonly PropertyKey[]) => path.filter((p): p is string => typeof p === 'string' && !/^\d+$/.test(p)).join('.');

/** The first message of each field the issues name, worded for a person; issues naming no field are left out. */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (!field || out[field]) continue;
    const detail = `${issue.path.map(String).join('.')}: ${issue.message}`;
    out[field] = errorWords({ error: 'invalid_request', detail });
  }
  return out;
}

/** The field a server error names, with its message; null for an error of the whole form. */
export function apiFieldError(api: ApiError): { field: string; message: string } | null {
  const detail = api.detail ?? '';
  let path: string | null = null;
  if (api.error.endsWith('_required')) path = api.error.slice(0, -'_required'.length);
  else if (api.error === 'invalid_request' && !detail.startsWith('unknown field') && detail.indexOf(': ') > 0) path = detail.slice(0, detail.indexOf(': '));
  else if (api.error === 'unknown_resource' && detail) path = detail.split(' ')[0];
  const field = path && /^[a-z0-9_.]+$/.test(path) ? fieldOf(path.split('.')) : '';
  return field ? { field, message: errorWords(api) } : null;
}
