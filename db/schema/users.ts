import { integer, pgTable, primaryKey, text, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, ts } from './columns';
import { TEAM_ROLES } from '../../server/model/enums';

// Dashboard users (program managers). Passwords are scrypt hashes, never plain.
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    lastLoginAt: ts('last_login_at'),
    // "Forgot your password?": SHA-256 of the one-time reset link's token, and when it stops working.
    resetTokenHash: text('reset_token_hash'),
    resetTokenExpiresAt: ts('reset_token_expires_at'),
    // Copied into each dashboard session at sign-in; a session carrying an older one is refused.
    // Sign-out, a password reset, removal from a team and a role change add one (server/auth/sessions.ts).
    sessionVersion: integer('session_version').notNull().default(0),
  },
  (t) => [
    // sign-in looks a user up by e-mail, case-insensitively
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    // the reset link -> user
    uniqueIndex('users_reset_token_uq').on(t.resetTokenHash),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'memberships_pk', columns: [t.workspaceId, t.userId] }),
    // a signed-in user's workspaces
    index('memberships_user_idx').on(t.userId),
  ],
);
