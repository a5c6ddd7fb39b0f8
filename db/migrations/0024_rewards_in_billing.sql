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
ALTER TABLE "commission_rules" ADD COLUMN "delivery" text DEFAULT 'payout' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD COLUMN "delivery_target" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD COLUMN "delivery_months" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "delivery" text DEFAULT 'payout' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "delivery_target" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "delivery_months" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_billing_customers_uq" ON "affiliate_billing_customers" USING btree ("workspace_id","affiliate_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_deliveries_commission_uq" ON "reward_deliveries" USING btree ("commission_id");--> statement-breakpoint
CREATE INDEX "reward_deliveries_due_idx" ON "reward_deliveries" USING btree ("workspace_id","next_attempt_at") WHERE "reward_deliveries"."state" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "reward_deliveries_held_idx" ON "reward_deliveries" USING btree ("workspace_id","hold_until") WHERE "reward_deliveries"."state" = 'delivered';--> statement-breakpoint
CREATE INDEX "commission_rules_billing_delivery_idx" ON "commission_rules" USING btree ("workspace_id") WHERE "commission_rules"."delivery" <> 'payout';--> statement-breakpoint
CREATE INDEX "commissions_non_cash_idx" ON "commissions" USING btree ("workspace_id","created_at") WHERE "commissions"."reward_type" = 'non_cash' and "commissions"."kind" = 'earning';