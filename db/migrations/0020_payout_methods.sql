CREATE TABLE "affiliate_payout_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'setting_up' NOT NULL,
	"stripe_account_id" text,
	"country" text,
	"paypal_receiver" text,
	"paypal_confirmed_at" timestamp with time zone,
	"state_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payout_methods_affiliate_uq" ON "affiliate_payout_methods" USING btree ("workspace_id","affiliate_id");--> statement-breakpoint
CREATE INDEX "affiliate_payout_methods_stripe_idx" ON "affiliate_payout_methods" USING btree ("stripe_account_id");