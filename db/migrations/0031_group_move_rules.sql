CREATE TABLE "group_move_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_move_cursors" (
	"workspace_id" uuid NOT NULL,
	"after_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_move_cursors_workspace_id_pk" PRIMARY KEY("workspace_id")
);
--> statement-breakpoint
CREATE TABLE "group_move_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"target_group_id" uuid NOT NULL,
	"conditions" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhook_events_mail_idx";--> statement-breakpoint
ALTER TABLE "group_move_applications" ADD CONSTRAINT "group_move_applications_rule_id_group_move_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."group_move_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_move_applications_rule_affiliate_uq" ON "group_move_applications" USING btree ("rule_id","affiliate_id");--> statement-breakpoint
CREATE INDEX "group_move_applications_affiliate_idx" ON "group_move_applications" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "group_move_rules_workspace_group_idx" ON "group_move_rules" USING btree ("workspace_id","group_id","position");--> statement-breakpoint
CREATE INDEX "webhook_events_mail_idx" ON "webhook_events" USING btree ("workspace_id","created_at","id") WHERE type in ('affiliate.updated', 'commission.created', 'commission.updated', 'payout.sent', 'payout.paid', 'payout.failed', 'affiliate.group_changed');