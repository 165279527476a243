CREATE TABLE "history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"template_id" uuid,
	"type_message" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" text NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"description" text,
	"template" text NOT NULL,
	"request_enum" text NOT NULL,
	"custom_endpoint" text,
	"delay" integer DEFAULT 0 NOT NULL,
	"auth_token" text,
	"http_code" integer DEFAULT 200 NOT NULL,
	"custom_headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"category" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_official" boolean DEFAULT false NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"count_used" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_requestId_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE INDEX "history_owner_id_created_at_index" ON "history" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "templates_owner_id_created_at_index" ON "templates" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_owner_method_endpoint_key" ON "templates" USING btree ("owner_id","request_enum","custom_endpoint") WHERE "templates"."owner_id" is not null and "templates"."custom_endpoint" is not null;