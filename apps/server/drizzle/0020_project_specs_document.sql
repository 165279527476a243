ALTER TABLE "project_specs" ADD COLUMN "file" text;--> statement-breakpoint
ALTER TABLE "project_specs" ADD COLUMN "document" text;