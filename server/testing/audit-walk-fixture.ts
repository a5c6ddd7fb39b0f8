import type { TestApi } from './api';
import type { Program } from './program';
import { TEST_ACTOR } from './seed';

// What every case of the audit walk (audit-walk.ts, audit-walk-partners.ts) is given and declares.

export type WalkFixture = {
  api: TestApi;
  p: Program;
  /** The workspace key the /v1 calls carry. */
  key: { id: string; token: string };
  /** The dashboard member (created on first use: sign-up needs an install without users). */
  user: () => Promise<{ id: string }>;
  /** A /v1 call with the key that must succeed; answers its body. */
  rest: (method: string, path: string, body?: unknown) => Promise<any>;
};

export type Actor = { type: string; id: string };
export type Input = Record<string, unknown>;

/**
 * How one mutation is called with valid input. `/v1` operations go through the REST handler
 * with the key; the rest through the tRPC caller as `session` (a dashboard member), `portal`
 * (affiliate B) or `public`. `input` may create what the call needs: its writes come before
 * the walk looks. `actor` names who the audit row must show, when the transport does not say.
 */
export type WalkCase = {
  via?: 'session' | 'portal' | 'public';
  input: (f: WalkFixture) => Promise<Input> | Input;
  actor?: (f: WalkFixture, input: Input) => Promise<Actor>;
  /** Runs before every other case (sign-up is open only on an install without users). */
  first?: boolean;
};

/** The walk's workspace as the domain's functions take it, acting as the test actor. */
export const ctxOf = (f: WalkFixture) => ({ db: f.api.db, workspaceId: f.p.ws.id, actor: TEST_ACTOR });
