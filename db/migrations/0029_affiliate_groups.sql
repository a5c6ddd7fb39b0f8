CREATE TABLE "affiliate_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"auto_approve" boolean,
	"discount_type" text,
	"discount_amount" integer,
	"discount_currency" text,
	"discount_duration" text DEFAULT 'once' NOT NULL,
	"discount_months" integer,
	"recruiter_reward_type" text,
	"recruiter_amount" integer,
	"recruiter_currency" text,
	"recruiter_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "group_id" uuid;--> statement-breakpoint
-- every workspace gets its default group and every affiliate joins it (docs/groups-bounties-recruiters.md#groups)
INSERT INTO "affiliate_groups" ("id", "workspace_id", "name", "slug", "is_default") SELECT gen_random_uuid(), "id", 'Default', 'default', true FROM "workspaces";--> statement-breakpoint
UPDATE "affiliates" a SET "group_id" = g."id" FROM "affiliate_groups" g WHERE g."workspace_id" = a."workspace_id" AND g."is_default";--> statement-breakpoint
ALTER TABLE "affiliates" ALTER COLUMN "group_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_groups_default_uq" ON "affiliate_groups" USING btree ("workspace_id") WHERE "affiliate_groups"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_groups_workspace_slug_uq" ON "affiliate_groups" USING btree ("workspace_id","slug");--> statement-breakpoint
CREATE INDEX "affiliate_groups_workspace_created_idx" ON "affiliate_groups" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliates_group_idx" ON "affiliates" USING btree ("group_id","created_at");