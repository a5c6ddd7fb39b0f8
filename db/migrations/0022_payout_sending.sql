CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "rail" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payout_batches_workspace_idx" ON "payout_batches" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id") WHERE "payouts"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_processing_idx" ON "payouts" USING btree ("workspace_id") WHERE "payouts"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "payouts_provider_ref_idx" ON "payouts" USING btree ("provider_ref") WHERE "payouts"."provider_ref" is not null;