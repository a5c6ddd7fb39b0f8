import { parseArgs } from 'node:util';

// Every option of every command. Strict: a misspelt option is refused rather than ignored.
const OPTIONS = {
  json: { type: 'boolean' },
  name: { type: 'string' },
  workspace: { type: 'string' },
  scopes: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  id: { type: 'string' },
  to: { type: 'string' },
  from: { type: 'string' },
  replace: { type: 'boolean' },
  'batch-size': { type: 'string' },
  'api-key': { type: 'string' },
  'account-id': { type: 'string' },
  'program-id': { type: 'string' },
  'base-url': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

export class UsageError extends Error {}

/** Where a command reports: one human text, or with --json one JSON document. */
export type Out = { json: boolean; print: (text: string, json: unknown) => void };

/** `refcount <command words…> [--option value | --option=value | --switch]`. */
export function parseCommandLine(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    return { positional: positionals, flags: values };
  } catch (err) {
    // Node's hint about '--' for positionals that start with a dash does not apply here.
    throw new UsageError((err as Error).message.split('. To specify a positional')[0]);
  }
}

export type Flags = ReturnType<typeof parseCommandLine>['flags'];

type TextOption = { [K in keyof Flags]-?: Flags[K] extends string | undefined ? K : never }[keyof Flags];

export function flag(flags: Flags, name: TextOption): string {
  const v = flags[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`--${name} is required`);
  return v;
}
