ALTER TABLE "analytics_consumer_days" DROP CONSTRAINT "analytics_consumer_days_project_id_at_client_pk";--> statement-breakpoint
ALTER TABLE "analytics_consumer_hours" DROP CONSTRAINT "analytics_consumer_hours_project_id_at_client_pk";--> statement-breakpoint
ALTER TABLE "analytics_days" DROP CONSTRAINT "analytics_days_project_id_at_pk";--> statement-breakpoint
ALTER TABLE "analytics_hours" DROP CONSTRAINT "analytics_hours_project_id_at_pk";--> statement-breakpoint
ALTER TABLE "analytics_minutes" DROP CONSTRAINT "analytics_minutes_project_id_at_pk";--> statement-breakpoint
ALTER TABLE "analytics_route_days" DROP CONSTRAINT "analytics_route_days_project_id_at_route_pk";--> statement-breakpoint
ALTER TABLE "analytics_route_hours" DROP CONSTRAINT "analytics_route_hours_project_id_at_route_pk";--> statement-breakpoint
ALTER TABLE "analytics_consumer_days" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_consumer_hours" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_days" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hours" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_minutes" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_route_days" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_route_hours" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "request_log" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_consumer_days" ADD COLUMN "api_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_consumer_hours" ADD COLUMN "api_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD COLUMN "api_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_hours" ADD COLUMN "api_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_minutes" ADD COLUMN "api_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_route_days" ADD COLUMN "api_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_route_hours" ADD COLUMN "api_id" uuid;--> statement-breakpoint
ALTER TABLE "request_log" ADD COLUMN "api_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_consumer_days" ADD CONSTRAINT "analytics_consumer_days_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_consumer_hours" ADD CONSTRAINT "analytics_consumer_hours_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hours" ADD CONSTRAINT "analytics_hours_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_minutes" ADD CONSTRAINT "analytics_minutes_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_route_days" ADD CONSTRAINT "analytics_route_days_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_route_hours" ADD CONSTRAINT "analytics_route_hours_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_log_api_id_id_index" ON "request_log" USING btree ("api_id","id") WHERE "request_log"."api_id" is not null;--> statement-breakpoint
ALTER TABLE "analytics_consumer_days" ADD CONSTRAINT "analytics_consumer_days_owner_at_client_key" UNIQUE NULLS NOT DISTINCT("project_id","api_id","at","client");--> statement-breakpoint
ALTER TABLE "analytics_consumer_hours" ADD CONSTRAINT "analytics_consumer_hours_owner_at_client_key" UNIQUE NULLS NOT DISTINCT("project_id","api_id","at","client");--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_owner_at_key" UNIQUE NULLS NOT DISTINCT("project_id","api_id","at");--> statement-breakpoint
ALTER TABLE "analytics_hours" ADD CONSTRAINT "analytics_hours_owner_at_key" UNIQUE NULLS NOT DISTINCT("project_id","api_id","at");--> statement-breakpoint
ALTER TABLE "analytics_minutes" ADD CONSTRAINT "analytics_minutes_owner_at_key" UNIQUE NULLS NOT DISTINCT("project_id","api_id","at");--> statement-breakpoint
ALTER TABLE "analytics_route_days" ADD CONSTRAINT "analytics_route_days_owner_at_route_key" UNIQUE NULLS NOT DISTINCT("project_id","api_id","at","route");--> statement-breakpoint
ALTER TABLE "analytics_route_hours" ADD CONSTRAINT "analytics_route_hours_owner_at_route_key" UNIQUE NULLS NOT DISTINCT("project_id","api_id","at","route");--> statement-breakpoint
ALTER TABLE "analytics_consumer_days" ADD CONSTRAINT "analytics_consumer_days_one_owner" CHECK (num_nonnulls("analytics_consumer_days"."project_id", "analytics_consumer_days"."api_id") = 1);--> statement-breakpoint
ALTER TABLE "analytics_consumer_hours" ADD CONSTRAINT "analytics_consumer_hours_one_owner" CHECK (num_nonnulls("analytics_consumer_hours"."project_id", "analytics_consumer_hours"."api_id") = 1);--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_one_owner" CHECK (num_nonnulls("analytics_days"."project_id", "analytics_days"."api_id") = 1);--> statement-breakpoint
ALTER TABLE "analytics_hours" ADD CONSTRAINT "analytics_hours_one_owner" CHECK (num_nonnulls("analytics_hours"."project_id", "analytics_hours"."api_id") = 1);--> statement-breakpoint
ALTER TABLE "analytics_minutes" ADD CONSTRAINT "analytics_minutes_one_owner" CHECK (num_nonnulls("analytics_minutes"."project_id", "analytics_minutes"."api_id") = 1);--> statement-breakpoint
ALTER TABLE "analytics_route_days" ADD CONSTRAINT "analytics_route_days_one_owner" CHECK (num_nonnulls("analytics_route_days"."project_id", "analytics_route_days"."api_id") = 1);--> statement-breakpoint
ALTER TABLE "analytics_route_hours" ADD CONSTRAINT "analytics_route_hours_one_owner" CHECK (num_nonnulls("analytics_route_hours"."project_id", "analytics_route_hours"."api_id") = 1);--> statement-breakpoint
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_one_owner" CHECK (num_nonnulls("request_log"."project_id", "request_log"."api_id") = 1);