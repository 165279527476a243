ALTER TABLE "apis" ADD COLUMN "rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "network" jsonb;--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "overrides" boolean DEFAULT true NOT NULL;