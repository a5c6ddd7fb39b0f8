'use client';
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ApiError } from './error-words';
import { apiFieldError, fieldErrorsOf, type FieldErrors } from './field-errors';
import { ErrorNote } from './ui';

// One way for every form to say what is wrong beside the field it concerns, all at once: the
// form checks its input with the contract's own zod schema (the `.types.ts` beside the procedure)
// before sending, and a server refusal that names a field lands beside that field too.
//
//   const fields = useFieldErrors(createCampaignInput, create.error);
//   if (!fields.check(input)) return;           // every invalid field's message, at once
//   <input {...fields.describe('name')} />  <FieldError fields={fields} name="name" />
//   <FormError fields={fields} shown={[...]} />  // what names no field the form shows

export type Fields = ReturnType<typeof useFieldErrors>;

export function useFieldErrors(schema: z.ZodType, serverError: unknown) {
  const id = useId();
  const [local, setLocal] = useState<FieldErrors>({});
  const api = (serverError as { data?: { api?: ApiError } } | null)?.data?.api;
  const onServer = api ? apiFieldError(api) : null;
  const errors: FieldErrors = { ...local, ...(onServer ? { [onServer.field]: onServer.message } : {}) };
  const errorId = (name: string) => `${id}-${name}-error`;
  return {
    errors,
    /**
     * Whether `input` passes the contract; if not, every invalid field's message is set. `problems`:
     * what the form found itself (an amount it could not read), by field, shown with the rest.
     */
    check(input: unknown, problems: Record<string, string | null | undefined> = {}): boolean {
      const r = schema.safeParse(input);
      const own = Object.fromEntries(Object.entries(problems).filter((e): e is [string, string] => !!e[1]));
      setLocal({ ...(r.success ? {} : fieldErrorsOf(r.error.issues)), ...own });
      return r.success && Object.keys(own).length === 0;
    },
    /** Forget a field's message (when it is edited), or every one. */
    clear(name?: string) {
      setLocal((l) => (name === undefined ? {} : { ...l, [name]: undefined }));
    },
    /** The input's aria attributes: invalid, and described by its message. */
    describe(name: string) {
      return errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
    },
    errorId,
    /** The refusal of the last send, and the field it names (null: it concerns the whole form). */
    serverError,
    serverField: onServer?.field ?? null,
  };
}

/** The server's refusal, unless it names a field the form shows (`shown`; every field when omitted): that one is beside its field. */
export function FormError({ fields, shown }: { fields: Fields; shown?: readonly string[] }) {
  const placed = fields.serverField !== null && (!shown || shown.includes(fields.serverField));
  return placed ? null : <ErrorNote error={fields.serverError} />;
}

/** A field's message, right under it. */
export function FieldError({ fields, name }: { fields: Fields; name: string }) {
  const message = fields.errors[name];
  return message ? (
    <span id={fields.errorId(name)} role="alert" data-testid={`field-error-${name}`} className="mt-1 block text-xs font-normal text-red-700">
      {message}
    </span>
  ) : null;
}

/**
 * A labelled input with an optional unit inside its right edge ("%": give the input `pr-8`) and
 * its message below. The label holds only its words and names the input by id, so the unit and
 * the message are shown but not read as part of the label.
 */
export function Field({ label, unit, fields, name, className = 'text-sm', children }: {
  label: string;
  unit?: string | null;
  fields?: Fields;
  name?: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {unit ? (
        <span className="relative block">
          {children(id)}
          <span aria-hidden="true" data-testid="unit" className="pointer-events-none absolute top-1 right-3 bottom-0 flex items-center text-sm text-slate-500">{unit}</span>
        </span>
      ) : (
        children(id)
      )}
      {fields && name && <FieldError fields={fields} name={name} />}
    </div>
  );
}
