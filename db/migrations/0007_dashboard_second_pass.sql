DROP INDEX "daily_rollups_uq";--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "program_name" text;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "join_slug" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "application_note" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "sub_id" text;--> statement-breakpoint
ALTER TABLE "daily_rollups" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_settings_join_slug_uq" ON "workspace_settings" USING btree ("join_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "users_reset_token_uq" ON "users" USING btree ("reset_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_rollups_uq" ON "daily_rollups" USING btree ("workspace_id","day","campaign_id","affiliate_id","currency");--> statement-breakpoint
-- Hand-written (drizzle-kit generates schema changes, not data): rows written before rollups kept
-- currencies apart hold the workspace's money in its settings currency, the one reports showed
-- them in; their clicks stay on them (counts add across a day's rows whatever their currency).
UPDATE "daily_rollups" r SET "currency" = s."currency" FROM "workspace_settings" s WHERE s."workspace_id" = r."workspace_id";
