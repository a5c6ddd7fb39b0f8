// Every table, gathered for Drizzle's typed client and drizzle-kit. Tables only: no functions.
export * from './workspaces';
export * from './users';
export * from './keys';
export * from './campaigns';
export * from './affiliates';
export * from './links';
export * from './rewards';
export * from './products';
export * from './tracking';
export * from './money';
export * from './webhooks';
export * from './risk';
export * from './idempotency';
export * from './audit';
export * from './integrations';
export * from './integration-backfills';
export * from './jobs';
