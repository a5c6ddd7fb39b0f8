ALTER TABLE "affiliates" ADD COLUMN "recruited_by" uuid;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "recruited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "recruit_id" uuid;--> statement-breakpoint
CREATE INDEX "affiliates_recruited_by_idx" ON "affiliates" USING btree ("recruited_by") WHERE "affiliates"."recruited_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_recruiter_uq" ON "commissions" USING btree ("conversion_id","affiliate_id") WHERE "commissions"."kind" = 'recruiter';--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_recruiter_flat_uq" ON "commissions" USING btree ("affiliate_id","recruit_id") WHERE "commissions"."kind" = 'recruiter' and "commissions"."conversion_id" is null;--> statement-breakpoint
-- Whether a workspace has recruiter terms is kept per process under its rules_version
-- (server/domain/recruiters/terms.ts): a group's recruiter terms changing, or a group coming or
-- going, moves the number as a rule change does, in the same transaction.
CREATE TRIGGER affiliate_groups_recruiter_version AFTER INSERT OR DELETE ON affiliate_groups
  FOR EACH ROW EXECUTE FUNCTION refcount_commission_rules_changed();--> statement-breakpoint
CREATE TRIGGER affiliate_groups_recruiter_terms_version AFTER UPDATE OF recruiter_reward_type, recruiter_amount, recruiter_currency, recruiter_months ON affiliate_groups
  FOR EACH ROW
  WHEN (OLD.recruiter_reward_type IS DISTINCT FROM NEW.recruiter_reward_type OR OLD.recruiter_amount IS DISTINCT FROM NEW.recruiter_amount
    OR OLD.recruiter_currency IS DISTINCT FROM NEW.recruiter_currency OR OLD.recruiter_months IS DISTINCT FROM NEW.recruiter_months)
  EXECUTE FUNCTION refcount_commission_rules_changed();
