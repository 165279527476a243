ALTER TABLE "analytics_days" ADD COLUMN "proxied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hours" ADD COLUMN "proxied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_minutes" ADD COLUMN "proxied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "upstream_status" integer;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "upstream_ms" real;