CREATE TABLE "affiliate_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text NOT NULL,
	"sync_state" text DEFAULT 'pending' NOT NULL,
	"sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "discount_type" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "discount_amount" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "discount_currency" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "discount_duration" text DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "discount_months" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "code_precedence" text DEFAULT 'click' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "commission_excludes_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "commission_excludes_fees" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_codes_workspace_code_uq" ON "affiliate_codes" USING btree ("workspace_id","code_key");--> statement-breakpoint
CREATE INDEX "affiliate_codes_affiliate_idx" ON "affiliate_codes" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_codes_pending_idx" ON "affiliate_codes" USING btree ("workspace_id","updated_at") WHERE "affiliate_codes"."sync_state" = 'pending';