-- Hand-written: drizzle-kit generated only the primary-key change and cannot express PARTITION BY.
-- clicks becomes a table partitioned by month on created_at (UTC months), its rows copied into
-- monthly partitions clicks_pYYYYMM; clicks_default catches anything outside them (a month whose
-- partition was not created ahead, a clock far in the future). The primary key includes the
-- partition key, as PostgreSQL requires. Nothing references clicks by foreign key
-- (conversions.click_id is a plain column). The copy runs inside the migration's transaction: on a
-- very large table plan the downtime, or pre-create the new table by hand (README, Scaling).
ALTER TABLE "clicks" RENAME TO "clicks_unpartitioned";--> statement-breakpoint
ALTER TABLE "clicks_unpartitioned" RENAME CONSTRAINT "clicks_pkey" TO "clicks_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "clicks_visitor_idx";--> statement-breakpoint
DROP INDEX "clicks_fingerprint_idx";--> statement-breakpoint
DROP INDEX "clicks_ip_idx";--> statement-breakpoint
DROP INDEX "clicks_affiliate_idx";--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" uuid NOT NULL,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clicks_pkey" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE INDEX "clicks_visitor_idx" ON "clicks" USING btree ("workspace_id","visitor_key","created_at");--> statement-breakpoint
CREATE INDEX "clicks_fingerprint_idx" ON "clicks" USING btree ("workspace_id","fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "clicks_ip_idx" ON "clicks" USING btree ("workspace_id","ip_hash","ua_hash","created_at");--> statement-breakpoint
CREATE INDEX "clicks_affiliate_idx" ON "clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE TABLE "clicks_default" PARTITION OF "clicks" DEFAULT;--> statement-breakpoint
-- Creates the partition of the month holding month_start unless it exists; rows of that month
-- already in clicks_default move into it first (attaching would fail on them). Called by this
-- migration and by the clicks.partitions job (db/partitions/clicks.ts). Returns whether it created.
CREATE OR REPLACE FUNCTION "clicks_ensure_month"(month_start date) RETURNS boolean LANGUAGE plpgsql AS $fn$
DECLARE
	m date := date_trunc('month', month_start)::date;
	part text := 'clicks_p' || to_char(m, 'YYYYMM');
	lo text := to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00';
	hi text := to_char((m + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00';
BEGIN
	IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
	-- Two workers (or a worker and a migrating node) creating the same month: one waits.
	PERFORM pg_advisory_xact_lock(hashtext('refcount.clicks_partitions'));
	IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
	EXECUTE format('CREATE TABLE %I (LIKE "clicks" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
	EXECUTE format('WITH moved AS (DELETE FROM "clicks_default" WHERE created_at >= %L AND created_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved', lo, hi, part);
	EXECUTE format('ALTER TABLE "clicks" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
	RETURN true;
END
$fn$;--> statement-breakpoint
DO $$
DECLARE
	first_month date := date_trunc('month', coalesce((SELECT min(created_at) FROM "clicks_unpartitioned"), now()) AT TIME ZONE 'UTC')::date;
	last_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date + interval '3 months';
	m date;
BEGIN
	-- Months with rows, and the current month plus three ahead; months between without rows get
	-- a partition too (empty partitions cost one catalog entry each).
	m := least(first_month, last_month);
	WHILE m <= last_month LOOP
		PERFORM "clicks_ensure_month"(m);
		m := (m + interval '1 month')::date;
	END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "clicks" ("id","workspace_id","campaign_id","affiliate_id","visitor_key","fingerprint","ip_hash","ua_hash","url","referrer","match_method","match_confidence","source","created_at")
	SELECT "id","workspace_id","campaign_id","affiliate_id","visitor_key","fingerprint","ip_hash","ua_hash","url","referrer","match_method","match_confidence","source","created_at" FROM "clicks_unpartitioned";--> statement-breakpoint
DROP TABLE "clicks_unpartitioned";
