CREATE TABLE "workspace_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"auto_approve_affiliates" boolean DEFAULT false NOT NULL,
	"auto_approve_commissions" boolean DEFAULT false NOT NULL,
	"hold_days" integer DEFAULT 30 NOT NULL,
	"min_payout" bigint DEFAULT 5000 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"commission_unmapped_products" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"public_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "affiliate_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"name" text,
	"start" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workspace_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text,
	"start" text NOT NULL,
	"hash" text NOT NULL,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cookie_window_days" integer DEFAULT 30 NOT NULL,
	"attribution_model" text DEFAULT 'last_click' NOT NULL,
	"destination_url" text,
	"additional_referral_links" text[] DEFAULT '{}' NOT NULL,
	"ref_param" text DEFAULT 'ref' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid,
	"email" text,
	"name" text,
	"ref_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_email" text,
	"password_hash" text,
	"invite_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"domain_id" uuid,
	"ref_param" text NOT NULL,
	"destination_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"scope_key" text DEFAULT '' NOT NULL,
	"is_flat" boolean DEFAULT false NOT NULL,
	"amount" integer NOT NULL,
	"currency" text,
	"length_type" text DEFAULT 'one_time' NOT NULL,
	"length_months" integer,
	"applies_to_interval" text DEFAULT 'any' NOT NULL,
	"product_ids" text[] DEFAULT '{}' NOT NULL,
	"reward_id" uuid,
	"reward_type" text DEFAULT 'cash' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'cash' NOT NULL,
	"is_flat" boolean DEFAULT false NOT NULL,
	"amount" integer NOT NULL,
	"currency" text,
	"length_type" text DEFAULT 'one_time' NOT NULL,
	"length_months" integer,
	"applies_to_interval" text DEFAULT 'any' NOT NULL,
	"description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider_product_id" text NOT NULL,
	"name" text NOT NULL,
	"commissionable" boolean DEFAULT true NOT NULL,
	"campaign_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"fingerprint" text,
	"ip_hash" text,
	"ua_hash" text,
	"url" text,
	"referrer" text,
	"match_method" text NOT NULL,
	"match_confidence" real NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_rollups" (
	"workspace_id" uuid NOT NULL,
	"day" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"commissions" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"conversion_id" uuid NOT NULL,
	"rule_id" uuid,
	"amount" bigint NOT NULL,
	"computed_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"kind" text DEFAULT 'earning' NOT NULL,
	"reverses_commission_id" uuid,
	"reward_type" text DEFAULT 'cash' NOT NULL,
	"period_index" integer DEFAULT 0 NOT NULL,
	"payout_id" uuid,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"external_id" text NOT NULL,
	"customer_id" text,
	"product_id" text,
	"interval" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"visitor_key" text,
	"click_id" uuid,
	"match_method" text,
	"match_confidence" real,
	"attribution" jsonb,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_latency_ms" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"description" text,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_assessments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"risk_level" text NOT NULL,
	"recommended_action" text NOT NULL,
	"flags" text[] DEFAULT '{}' NOT NULL,
	"summary" text NOT NULL,
	"evidence" jsonb,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"workspace_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("workspace_id","key")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_public_id_uq" ON "workspaces" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_keys_hash_uq" ON "affiliate_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "affiliate_keys_affiliate_idx" ON "affiliate_keys" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_keys_hash_uq" ON "workspace_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "workspace_keys_workspace_idx" ON "workspace_keys" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_workspace_status_idx" ON "campaigns" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_workspace_created_idx" ON "campaigns" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_workspace_email_uq" ON "affiliates" USING btree ("workspace_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_workspace_ref_code_uq" ON "affiliates" USING btree ("workspace_id","ref_code");--> statement-breakpoint
CREATE INDEX "affiliates_workspace_status_idx" ON "affiliates" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "affiliates_campaign_idx" ON "affiliates" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_invite_token_uq" ON "affiliates" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "links_workspace_created_idx" ON "links" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "links_affiliate_idx" ON "links" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_scope_uq" ON "commission_rules" USING btree ("campaign_id","kind","scope_key");--> statement-breakpoint
CREATE INDEX "commission_rules_reward_idx" ON "commission_rules" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "rewards_workspace_idx" ON "rewards" USING btree ("workspace_id","archived","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_workspace_provider_uq" ON "products" USING btree ("workspace_id","provider_product_id");--> statement-breakpoint
CREATE INDEX "products_campaign_idx" ON "products" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "clicks_visitor_idx" ON "clicks" USING btree ("workspace_id","visitor_key","created_at");--> statement-breakpoint
CREATE INDEX "clicks_fingerprint_idx" ON "clicks" USING btree ("workspace_id","fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "clicks_ip_idx" ON "clicks" USING btree ("workspace_id","ip_hash","ua_hash","created_at");--> statement-breakpoint
CREATE INDEX "clicks_affiliate_idx" ON "clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_rollups_uq" ON "daily_rollups" USING btree ("workspace_id","day","campaign_id","affiliate_id");--> statement-breakpoint
CREATE INDEX "daily_rollups_affiliate_idx" ON "daily_rollups" USING btree ("workspace_id","affiliate_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_workspace_key_uq" ON "visitors" USING btree ("workspace_id","visitor_key");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_earning_uq" ON "commissions" USING btree ("conversion_id","affiliate_id") WHERE "commissions"."kind" = 'earning';--> statement-breakpoint
CREATE INDEX "commissions_workspace_status_idx" ON "commissions" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "commissions_affiliate_idx" ON "commissions" USING btree ("affiliate_id","status");--> statement-breakpoint
CREATE INDEX "commissions_conversion_idx" ON "commissions" USING btree ("conversion_id");--> statement-breakpoint
CREATE INDEX "commissions_payout_idx" ON "commissions" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_workspace_external_uq" ON "conversions" USING btree ("workspace_id","external_id");--> statement-breakpoint
CREATE INDEX "conversions_workspace_ts_idx" ON "conversions" USING btree ("workspace_id","ts");--> statement-breakpoint
CREATE INDEX "conversions_affiliate_idx" ON "conversions" USING btree ("affiliate_id","ts");--> statement-breakpoint
CREATE INDEX "conversions_customer_idx" ON "conversions" USING btree ("workspace_id","customer_id");--> statement-breakpoint
CREATE INDEX "payouts_workspace_idx" ON "payouts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_affiliate_idx" ON "payouts" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_uq" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_workspace_idx" ON "webhook_endpoints" USING btree ("workspace_id","active");--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("dispatched_at","created_at");--> statement-breakpoint
CREATE INDEX "risk_assessments_workspace_idx" ON "risk_assessments" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_assessments_affiliate_idx" ON "risk_assessments" USING btree ("affiliate_id","created_at");