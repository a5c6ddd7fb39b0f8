ALTER TABLE "conversions" ADD COLUMN "tax" bigint;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "fee" bigint;