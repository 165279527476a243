DROP INDEX "project_sessions_project_id_last_used_at_index";--> statement-breakpoint
ALTER TABLE "collection_records" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_states" ADD COLUMN "anonymous_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "auth_token" text;--> statement-breakpoint
ALTER TABLE "project_sessions" ADD COLUMN "made_by" text DEFAULT 'anonymous' NOT NULL;--> statement-breakpoint
ALTER TABLE "state_usage" ADD COLUMN "anonymous_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "project_sessions_project_id_made_by_last_used_at_index" ON "project_sessions" USING btree ("project_id","made_by","last_used_at");