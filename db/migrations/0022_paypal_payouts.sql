ALTER TABLE "payouts" ADD COLUMN "provider_batch_ref" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "webhook_id" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "environment" text;