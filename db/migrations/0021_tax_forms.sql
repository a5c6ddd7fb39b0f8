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
CREATE UNIQUE INDEX "affiliate_tax_forms_current_uq" ON "affiliate_tax_forms" USING btree ("workspace_id","affiliate_id") WHERE "affiliate_tax_forms"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "affiliate_tax_forms_affiliate_idx" ON "affiliate_tax_forms" USING btree ("workspace_id","affiliate_id","created_at");