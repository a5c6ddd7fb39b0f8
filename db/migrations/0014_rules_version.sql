ALTER TABLE "workspace_settings" ADD COLUMN "rules_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Any change to a workspace's commission rules (the API, a cascade from a deleted campaign, SQL
-- by hand) moves its number, in the same transaction: rules kept under an older number are never used again.
CREATE OR REPLACE FUNCTION refcount_commission_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a data copy (db/copy) writes every row as it was, rules_version included
  IF current_setting('refcount.copying', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE workspace_settings SET rules_version = rules_version + 1
  WHERE workspace_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.workspace_id ELSE NEW.workspace_id END;
  IF TG_OP = 'UPDATE' AND OLD.workspace_id IS DISTINCT FROM NEW.workspace_id THEN
    UPDATE workspace_settings SET rules_version = rules_version + 1 WHERE workspace_id = OLD.workspace_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER commission_rules_version AFTER INSERT OR UPDATE OR DELETE ON commission_rules
  FOR EACH ROW EXECUTE FUNCTION refcount_commission_rules_changed();
