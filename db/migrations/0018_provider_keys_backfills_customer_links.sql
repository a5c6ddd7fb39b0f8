CREATE TABLE "integration_backfills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text NOT NULL,
	"cursor" text,
	"checkouts" integer DEFAULT 0 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	"conversions_created" integer DEFAULT 0 NOT NULL,
	"conversions_existing" integer DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"detail" text,
	"lease_until" timestamp with time zone,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "link_customers_by_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "connected_account" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "api_key_sealed" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "api_key_hint" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "connect_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "connect_secret_hint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_backfills_running_uq" ON "integration_backfills" USING btree ("workspace_id","provider") WHERE "integration_backfills"."status" = 'running';--> statement-breakpoint
CREATE INDEX "integration_backfills_recent_idx" ON "integration_backfills" USING btree ("workspace_id","provider","created_at");--> statement-breakpoint
CREATE INDEX "conversions_email_idx" ON "conversions" USING btree ("workspace_id","email_hash") WHERE "conversions"."email_hash" is not null;