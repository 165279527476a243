ALTER TABLE "analytics_days" ADD COLUMN "proxied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hours" ADD COLUMN "proxied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_minutes" ADD COLUMN "proxied" integer DEFAULT 0 NOT NULL;