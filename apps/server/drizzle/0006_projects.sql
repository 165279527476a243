CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"seed" integer NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "route_path" text;--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "route_key" text;--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "responses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "response_mode" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "apis" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_owner_id_created_at_index" ON "projects" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "apis" ADD CONSTRAINT "apis_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apis_project_route_key" ON "apis" USING btree ("project_id","method","route_key") WHERE "apis"."project_id" is not null;