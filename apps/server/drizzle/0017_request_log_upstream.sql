ALTER TABLE "request_log" ADD COLUMN "upstream_status" integer;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "upstream_ms" real;