CREATE TABLE "integration_customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"visitor_id" text,
	"ref" text,
	"manual_code" text,
	"source_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"livemode" boolean NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"action" text,
	"detail" text,
	"conversion_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_objects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"object_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"amount" bigint,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"sale_ref" text NOT NULL,
	"customer_id" text,
	"subscription_id" text,
	"billing_reason" text,
	"paid_at" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"charged_amount" bigint NOT NULL,
	"conversion_id" uuid,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"refunds_as_of" timestamp with time zone,
	"reverted_refunds" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_hint" text NOT NULL,
	"amount_basis" text DEFAULT 'paid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_customers_uq" ON "integration_customers" USING btree ("workspace_id","provider","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_uq" ON "integration_events" USING btree ("workspace_id","provider","event_id");--> statement-breakpoint
CREATE INDEX "integration_events_recent_idx" ON "integration_events" USING btree ("workspace_id","provider","created_at");--> statement-breakpoint
CREATE INDEX "integration_events_due_idx" ON "integration_events" USING btree ("next_attempt_at") WHERE "integration_events"."next_attempt_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_objects_uq" ON "integration_objects" USING btree ("workspace_id","provider","object_id");--> statement-breakpoint
CREATE INDEX "integration_objects_target_idx" ON "integration_objects" USING btree ("workspace_id","provider","kind","target");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_sales_uq" ON "integration_sales" USING btree ("workspace_id","provider","sale_ref");--> statement-breakpoint
CREATE INDEX "integration_sales_subscription_idx" ON "integration_sales" USING btree ("workspace_id","provider","subscription_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_workspace_provider_uq" ON "integrations" USING btree ("workspace_id","provider");