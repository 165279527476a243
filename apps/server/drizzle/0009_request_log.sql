CREATE TABLE "request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"route" text,
	"query" text NOT NULL,
	"headers" json NOT NULL,
	"body" text,
	"body_truncated" boolean DEFAULT false NOT NULL,
	"status" integer NOT NULL,
	"response" text,
	"rule" integer,
	"latency_ms" real NOT NULL,
	"delay_ms" integer DEFAULT 0 NOT NULL,
	"fault" text,
	"session" text,
	"client" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_log_project_id_id_index" ON "request_log" USING btree ("project_id","id");