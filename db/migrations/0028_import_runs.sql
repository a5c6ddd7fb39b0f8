CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"peer" text NOT NULL,
	"account" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"dry_run" boolean NOT NULL,
	"api_key_sealed" text,
	"progress" jsonb,
	"report" jsonb,
	"error" text,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_active_uq" ON "import_runs" USING btree ("workspace_id") WHERE "import_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "import_runs_recent_idx" ON "import_runs" USING btree ("workspace_id","created_at");