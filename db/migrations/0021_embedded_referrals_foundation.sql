ALTER TABLE "workspace_settings" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "tenant_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_workspace_tenant_uq" ON "affiliates" USING btree ("workspace_id","tenant_id") WHERE "affiliates"."tenant_id" is not null;