ALTER TABLE "workspace_settings" ADD COLUMN "link_customers_by_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "email_hash" text;--> statement-breakpoint
CREATE INDEX "conversions_email_idx" ON "conversions" USING btree ("workspace_id","email_hash") WHERE "conversions"."email_hash" is not null;