-- A campaign's revenue basis is kept with its rules under the workspace's rules_version
-- (server/domain/rules/kept-rules.ts): changing it moves the number as a rule change does, in the
-- same transaction, so no sale computes on the basis before the change once it committed.
CREATE TRIGGER campaign_commission_basis_version AFTER UPDATE OF commission_excludes_tax, commission_excludes_fees ON campaigns
  FOR EACH ROW
  WHEN (OLD.commission_excludes_tax IS DISTINCT FROM NEW.commission_excludes_tax OR OLD.commission_excludes_fees IS DISTINCT FROM NEW.commission_excludes_fees)
  EXECUTE FUNCTION refcount_commission_rules_changed();
