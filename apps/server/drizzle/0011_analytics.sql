CREATE TABLE "analytics_consumer_days" (
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"client" text NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "analytics_consumer_days_project_id_at_client_pk" PRIMARY KEY("project_id","at","client")
);
--> statement-breakpoint
CREATE TABLE "analytics_consumer_hours" (
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"client" text NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "analytics_consumer_hours_project_id_at_client_pk" PRIMARY KEY("project_id","at","client")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	"s1xx" integer DEFAULT 0 NOT NULL,
	"s2xx" integer DEFAULT 0 NOT NULL,
	"s3xx" integer DEFAULT 0 NOT NULL,
	"s4xx" integer DEFAULT 0 NOT NULL,
	"s5xx" integer DEFAULT 0 NOT NULL,
	"s0" integer DEFAULT 0 NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	"latency" integer[] NOT NULL,
	CONSTRAINT "analytics_days_project_id_at_pk" PRIMARY KEY("project_id","at")
);
--> statement-breakpoint
CREATE TABLE "analytics_hours" (
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	"s1xx" integer DEFAULT 0 NOT NULL,
	"s2xx" integer DEFAULT 0 NOT NULL,
	"s3xx" integer DEFAULT 0 NOT NULL,
	"s4xx" integer DEFAULT 0 NOT NULL,
	"s5xx" integer DEFAULT 0 NOT NULL,
	"s0" integer DEFAULT 0 NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	"latency" integer[] NOT NULL,
	CONSTRAINT "analytics_hours_project_id_at_pk" PRIMARY KEY("project_id","at")
);
--> statement-breakpoint
CREATE TABLE "analytics_minutes" (
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	"s1xx" integer DEFAULT 0 NOT NULL,
	"s2xx" integer DEFAULT 0 NOT NULL,
	"s3xx" integer DEFAULT 0 NOT NULL,
	"s4xx" integer DEFAULT 0 NOT NULL,
	"s5xx" integer DEFAULT 0 NOT NULL,
	"s0" integer DEFAULT 0 NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	"latency" integer[] NOT NULL,
	CONSTRAINT "analytics_minutes_project_id_at_pk" PRIMARY KEY("project_id","at")
);
--> statement-breakpoint
CREATE TABLE "analytics_route_days" (
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"route" text NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "analytics_route_days_project_id_at_route_pk" PRIMARY KEY("project_id","at","route")
);
--> statement-breakpoint
CREATE TABLE "analytics_route_hours" (
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"route" text NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "analytics_route_hours_project_id_at_route_pk" PRIMARY KEY("project_id","at","route")
);
--> statement-breakpoint
ALTER TABLE "analytics_consumer_days" ADD CONSTRAINT "analytics_consumer_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_consumer_hours" ADD CONSTRAINT "analytics_consumer_hours_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hours" ADD CONSTRAINT "analytics_hours_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_minutes" ADD CONSTRAINT "analytics_minutes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_route_days" ADD CONSTRAINT "analytics_route_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_route_hours" ADD CONSTRAINT "analytics_route_hours_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_consumer_days_at_index" ON "analytics_consumer_days" USING brin ("at");--> statement-breakpoint
CREATE INDEX "analytics_consumer_hours_at_index" ON "analytics_consumer_hours" USING brin ("at");--> statement-breakpoint
CREATE INDEX "analytics_days_at_index" ON "analytics_days" USING brin ("at");--> statement-breakpoint
CREATE INDEX "analytics_hours_at_index" ON "analytics_hours" USING brin ("at");--> statement-breakpoint
CREATE INDEX "analytics_minutes_at_index" ON "analytics_minutes" USING brin ("at");--> statement-breakpoint
CREATE INDEX "analytics_route_days_at_index" ON "analytics_route_days" USING brin ("at");--> statement-breakpoint
CREATE INDEX "analytics_route_hours_at_index" ON "analytics_route_hours" USING brin ("at");