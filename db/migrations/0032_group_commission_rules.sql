DROP INDEX "commission_rules_scope_uq";--> statement-breakpoint
ALTER TABLE "commission_rules" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_scope_uq" UNIQUE NULLS NOT DISTINCT("campaign_id","group_id","kind","scope_key");