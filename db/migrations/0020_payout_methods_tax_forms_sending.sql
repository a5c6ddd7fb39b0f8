CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text
);
--> statement-breakpoint
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
CREATE TABLE "affiliate_tax_forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"legal_name" text NOT NULL,
	"country" text NOT NULL,
	"tax_id_sealed" text NOT NULL,
	"tax_id_last4" text NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"region" text,
	"postal_code" text,
	"signature_name" text NOT NULL,
	"signed_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "tax_form_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_settings" ADD COLUMN "tax_form_threshold" bigint DEFAULT 200000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "rail" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payout_batches_workspace_idx" ON "payout_batches" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payout_methods_affiliate_uq" ON "affiliate_payout_methods" USING btree ("workspace_id","affiliate_id");--> statement-breakpoint
CREATE INDEX "affiliate_payout_methods_stripe_idx" ON "affiliate_payout_methods" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_tax_forms_current_uq" ON "affiliate_tax_forms" USING btree ("workspace_id","affiliate_id") WHERE "affiliate_tax_forms"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "affiliate_tax_forms_affiliate_idx" ON "affiliate_tax_forms" USING btree ("workspace_id","affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id") WHERE "payouts"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_processing_idx" ON "payouts" USING btree ("workspace_id") WHERE "payouts"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "payouts_provider_ref_idx" ON "payouts" USING btree ("provider_ref") WHERE "payouts"."provider_ref" is not null;