DROP INDEX "commissions_affiliate_idx";--> statement-breakpoint
DROP INDEX "commissions_payout_idx";--> statement-breakpoint
DROP INDEX "conversions_customer_idx";--> statement-breakpoint
CREATE INDEX "commissions_payout_idx" ON "commissions" USING btree ("payout_id") WHERE "commissions"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "conversions_customer_idx" ON "conversions" USING btree ("workspace_id","customer_id") WHERE "conversions"."customer_id" is not null;