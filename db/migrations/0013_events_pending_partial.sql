DROP INDEX "webhook_events_pending_idx";--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("created_at","id") WHERE dispatched_at is null;