ALTER TABLE "templates" RENAME TO "apis";--> statement-breakpoint
ALTER TABLE "history" RENAME COLUMN "template_id" TO "api_id";--> statement-breakpoint
ALTER TABLE "apis" RENAME COLUMN "request_enum" TO "method";--> statement-breakpoint
ALTER TABLE "apis" RENAME COLUMN "count_used" TO "call_count";--> statement-breakpoint
ALTER TABLE "apis" DROP CONSTRAINT "templates_requestId_unique";--> statement-breakpoint
ALTER TABLE "apis" DROP CONSTRAINT "templates_owner_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "templates_owner_id_created_at_index";--> statement-breakpoint
DROP INDEX "templates_owner_method_endpoint_key";--> statement-breakpoint
ALTER TABLE "apis" ADD CONSTRAINT "apis_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apis_owner_id_created_at_index" ON "apis" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "apis_owner_method_endpoint_key" ON "apis" USING btree ("owner_id","method","custom_endpoint") WHERE "apis"."owner_id" is not null and "apis"."custom_endpoint" is not null;--> statement-breakpoint
ALTER TABLE "apis" ADD CONSTRAINT "apis_requestId_unique" UNIQUE("request_id");