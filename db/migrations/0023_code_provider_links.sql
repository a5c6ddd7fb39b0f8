CREATE TABLE "affiliate_code_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"object_id" text NOT NULL,
	"coupon_id" text,
	"code" text NOT NULL,
	"discount" text,
	"active" boolean DEFAULT true NOT NULL,
	"deactivated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "affiliate_code_syncs" (
	"code_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_code_links_code_uq" ON "affiliate_code_links" USING btree ("code_id","provider","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_code_links_object_uq" ON "affiliate_code_links" USING btree ("workspace_id","provider","object_id");--> statement-breakpoint
CREATE INDEX "affiliate_code_syncs_retry_idx" ON "affiliate_code_syncs" USING btree ("workspace_id","retry_at") WHERE "affiliate_code_syncs"."retry_at" is not null;