CREATE TABLE "affiliate_ref_aliases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ref_aliases_workspace_code_uq" ON "affiliate_ref_aliases" USING btree ("workspace_id","code");--> statement-breakpoint
CREATE INDEX "affiliate_ref_aliases_affiliate_idx" ON "affiliate_ref_aliases" USING btree ("affiliate_id");