CREATE TABLE "job_failures" (
	"queue" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"error" text NOT NULL,
	"failures" integer DEFAULT 1 NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_failures_workspace_id_queue_pk" PRIMARY KEY("workspace_id","queue")
);
--> statement-breakpoint
DROP INDEX "email_outbox_status_idx";--> statement-breakpoint
DROP INDEX "webhook_events_pending_idx";--> statement-breakpoint
DROP INDEX "integration_events_due_idx";--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "disposable_email_policy" text DEFAULT 'flag' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "normalised_email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_workspace_applicant_uq" ON "affiliates" USING btree ("workspace_id","normalised_email") WHERE "affiliates"."applied_at" is not null;--> statement-breakpoint
CREATE INDEX "affiliates_workspace_normalised_email_idx" ON "affiliates" USING btree ("workspace_id","normalised_email");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("workspace_id",coalesce("next_attempt_at", "created_at")) WHERE status in ('queued', 'failed') and attempts < 5;--> statement-breakpoint
CREATE INDEX "conversions_pending_idx" ON "conversions" USING btree ("workspace_id","ts") WHERE "conversions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "integration_events_prune_idx" ON "integration_events" USING btree ("created_at") WHERE "integration_events"."next_attempt_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("workspace_id","created_at","id") WHERE dispatched_at is null;--> statement-breakpoint
CREATE INDEX "integration_events_due_idx" ON "integration_events" USING btree ("workspace_id","next_attempt_at") WHERE "integration_events"."next_attempt_at" is not null;