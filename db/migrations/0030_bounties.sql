CREATE TABLE "bounties" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"reward_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"metric" text,
	"target" bigint,
	"period" text DEFAULT 'all_time' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounty_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"bounty_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"proof_url" text,
	"proof_text" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"commission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "conversion_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "bounty_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "period_key" text;--> statement-breakpoint
CREATE INDEX "bounties_workspace_created_idx" ON "bounties" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bounties_performance_idx" ON "bounties" USING btree ("workspace_id") WHERE "bounties"."type" = 'performance' and not "bounties"."archived";--> statement-breakpoint
CREATE UNIQUE INDEX "bounty_submissions_live_uq" ON "bounty_submissions" USING btree ("bounty_id","affiliate_id","period_key") WHERE "bounty_submissions"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "bounty_submissions_bounty_idx" ON "bounty_submissions" USING btree ("bounty_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bounty_submissions_affiliate_idx" ON "bounty_submissions" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_bounty_uq" ON "commissions" USING btree ("bounty_id","affiliate_id","period_key") WHERE "commissions"."kind" = 'bounty';