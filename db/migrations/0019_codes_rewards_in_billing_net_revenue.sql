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
	"deactivated_at" timestamp with time zone,
	"deactivated_reason" text
);
--> statement-breakpoint
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
CREATE TABLE "affiliate_billing_customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"commission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"provider" text,
	"customer_id" text,
	"subscription_id" text,
	"amount" bigint,
	"currency" text,
	"months" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider_object_id" text,
	"reversed_amount" bigint DEFAULT 0 NOT NULL,
	"shortfall" bigint DEFAULT 0 NOT NULL,
	"reversed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"next_attempt_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_delivery_scans" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"scanned_to" timestamp with time zone NOT NULL,
	"scanned_id" uuid NOT NULL
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
ALTER TABLE "commission_rules" ADD COLUMN "delivery" text DEFAULT 'payout' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD COLUMN "delivery_target" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD COLUMN "delivery_months" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "delivery" text DEFAULT 'payout' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "delivery_target" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "delivery_months" integer;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "tax" bigint;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "fee" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_codes_workspace_code_uq" ON "affiliate_codes" USING btree ("workspace_id","code_key");--> statement-breakpoint
CREATE INDEX "affiliate_codes_affiliate_idx" ON "affiliate_codes" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_codes_pending_idx" ON "affiliate_codes" USING btree ("workspace_id","updated_at") WHERE "affiliate_codes"."sync_state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_code_links_code_uq" ON "affiliate_code_links" USING btree ("code_id","provider","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_code_links_object_uq" ON "affiliate_code_links" USING btree ("workspace_id","provider","object_id");--> statement-breakpoint
CREATE INDEX "affiliate_code_syncs_retry_idx" ON "affiliate_code_syncs" USING btree ("workspace_id","retry_at") WHERE "affiliate_code_syncs"."retry_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_billing_customers_uq" ON "affiliate_billing_customers" USING btree ("workspace_id","affiliate_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_deliveries_commission_uq" ON "reward_deliveries" USING btree ("commission_id");--> statement-breakpoint
CREATE INDEX "reward_deliveries_due_idx" ON "reward_deliveries" USING btree ("workspace_id","next_attempt_at") WHERE "reward_deliveries"."state" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "reward_deliveries_held_idx" ON "reward_deliveries" USING btree ("workspace_id","hold_until") WHERE "reward_deliveries"."state" = 'delivered';--> statement-breakpoint
CREATE INDEX "commission_rules_billing_delivery_idx" ON "commission_rules" USING btree ("workspace_id") WHERE "commission_rules"."delivery" <> 'payout';--> statement-breakpoint
-- A campaign's revenue basis is kept with its rules under the workspace's rules_version
-- (server/domain/rules/kept-rules.ts): changing it moves the number as a rule change does, in the
-- same transaction, so no sale computes on the basis before the change once it committed.
CREATE TRIGGER campaign_commission_basis_version AFTER UPDATE OF commission_excludes_tax, commission_excludes_fees ON campaigns
  FOR EACH ROW
  WHEN (OLD.commission_excludes_tax IS DISTINCT FROM NEW.commission_excludes_tax OR OLD.commission_excludes_fees IS DISTINCT FROM NEW.commission_excludes_fees)
  EXECUTE FUNCTION refcount_commission_rules_changed();
