CREATE TABLE "project_specs" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"responses" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "drift" json;--> statement-breakpoint
ALTER TABLE "project_specs" ADD CONSTRAINT "project_specs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;