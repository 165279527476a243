CREATE TABLE "request_log_drops" (
	"project_id" uuid,
	"api_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"dropped" integer NOT NULL,
	CONSTRAINT "request_log_drops_owner_at_key" UNIQUE NULLS NOT DISTINCT("project_id","api_id","at"),
	CONSTRAINT "request_log_drops_one_owner" CHECK (num_nonnulls("request_log_drops"."project_id", "request_log_drops"."api_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "request_log_drops" ADD CONSTRAINT "request_log_drops_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_log_drops" ADD CONSTRAINT "request_log_drops_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;