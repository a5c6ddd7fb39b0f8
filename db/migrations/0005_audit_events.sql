CREATE TYPE "public"."audit_actor_type" AS ENUM('user', 'api_key', 'affiliate', 'system');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"actor_type" "audit_actor_type" NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_workspace_created_idx" ON "audit_events" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_workspace_target_idx" ON "audit_events" USING btree ("workspace_id","target_id");--> statement-breakpoint
CREATE INDEX "audit_events_workspace_actor_idx" ON "audit_events" USING btree ("workspace_id","actor_id");