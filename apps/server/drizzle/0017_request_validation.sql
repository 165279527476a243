ALTER TABLE "apis" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "violations" json;