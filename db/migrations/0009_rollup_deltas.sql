CREATE TABLE "rollup_deltas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"day" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"commissions" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rollup_deltas_workspace_day_idx" ON "rollup_deltas" USING btree ("workspace_id","day");