ALTER TABLE "users" ADD COLUMN "sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Accounts made before sign-ins were counted are taken for returning ones: 'Welcome back'.
UPDATE "users" SET "sign_ins" = 2;
