DROP INDEX "commissions_conversion_idx";--> statement-breakpoint
CREATE INDEX "commissions_conversion_idx" ON "commissions" USING btree ("conversion_id","workspace_id");