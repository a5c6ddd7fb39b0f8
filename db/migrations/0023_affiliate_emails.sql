CREATE TABLE "email_broadcasts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"campaign_id" uuid,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_event_cursors" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"after_created_at" timestamp with time zone NOT NULL,
	"after_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"subject" text,
	"body" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_workspace_id_kind_pk" PRIMARY KEY("workspace_id","kind")
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_unsubscribes_workspace_id_affiliate_id_pk" PRIMARY KEY("workspace_id","affiliate_id")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "affiliate_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "broadcast_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE INDEX "email_broadcasts_workspace_idx" ON "email_broadcasts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_uq" ON "email_outbox" USING btree ("workspace_id","dedupe_key") WHERE dedupe_key is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_broadcast_idx" ON "email_outbox" USING btree ("broadcast_id") WHERE broadcast_id is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_workspace_created_idx" ON "email_outbox" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_mail_idx" ON "webhook_events" USING btree ("workspace_id","created_at","id") WHERE type in ('affiliate.updated', 'commission.created', 'commission.updated', 'payout.sent', 'payout.paid', 'payout.failed');--> statement-breakpoint
-- Existing workspaces start reading events at the upgrade: their history is not mailed (docs/emails.md).
INSERT INTO "email_event_cursors" ("workspace_id", "after_created_at") SELECT "id", now() FROM "workspaces" ON CONFLICT DO NOTHING;
