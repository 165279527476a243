CREATE SEQUENCE "public"."collection_state_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "collection_records" (
	"collection_id" uuid NOT NULL,
	"session" text NOT NULL,
	"record_id" text NOT NULL,
	"data" json,
	"position" bigint NOT NULL,
	CONSTRAINT "collection_records_collection_id_session_record_id_pk" PRIMARY KEY("collection_id","session","record_id")
);
--> statement-breakpoint
CREATE TABLE "collection_states" (
	"collection_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"session" text NOT NULL,
	"version" bigint NOT NULL,
	"next_id" bigint NOT NULL,
	"count" integer NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_states_collection_id_session_pk" PRIMARY KEY("collection_id","session")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"template" json NOT NULL,
	"count" integer NOT NULL,
	"unknown_fields" text DEFAULT 'refuse' NOT NULL,
	"cascade" boolean DEFAULT false NOT NULL,
	"seed_version" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_sessions" (
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_sessions_project_id_name_pk" PRIMARY KEY("project_id","name")
);
--> statement-breakpoint
CREATE TABLE "state_usage" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_records" ADD CONSTRAINT "collection_records_collection_id_session_collection_states_collection_id_session_fk" FOREIGN KEY ("collection_id","session") REFERENCES "public"."collection_states"("collection_id","session") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_states" ADD CONSTRAINT "collection_states_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_states" ADD CONSTRAINT "collection_states_project_id_session_project_sessions_project_id_name_fk" FOREIGN KEY ("project_id","session") REFERENCES "public"."project_sessions"("project_id","name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_sessions" ADD CONSTRAINT "project_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_usage" ADD CONSTRAINT "state_usage_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_states_project_id_session_index" ON "collection_states" USING btree ("project_id","session");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_project_id_name_index" ON "collections" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_project_id_path_index" ON "collections" USING btree ("project_id","path");--> statement-breakpoint
CREATE INDEX "project_sessions_project_id_last_used_at_index" ON "project_sessions" USING btree ("project_id","last_used_at");