CREATE TABLE "reward_delivery_scans" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"scanned_to" timestamp with time zone NOT NULL,
	"scanned_id" uuid NOT NULL
);
--> statement-breakpoint
DROP INDEX "commissions_non_cash_idx";