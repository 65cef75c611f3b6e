-- Admin editing (issue 13): every admin write is recorded in admin_history with the thing before and
-- after, in the write's own transaction (db/queries/editorial/history.ts); a slug an editor chose is
-- pinned, so the seed importer keeps it where it does not follow the title or name.
CREATE TYPE "public"."history_action" AS ENUM('create', 'update', 'delete');--> statement-breakpoint
CREATE TYPE "public"."history_entity_type" AS ENUM('book', 'author', 'series', 'genre', 'edition', 'award', 'user', 'affiliate_service');--> statement-breakpoint
CREATE TABLE "admin_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"entity_type" "history_entity_type" NOT NULL,
	"entity_id" text NOT NULL,
	"action" "history_action" NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "slug_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "slug_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "slug_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_history" ADD CONSTRAINT "admin_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_history_entity_idx" ON "admin_history" USING btree ("entity_type","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_history_time_idx" ON "admin_history" USING btree ("created_at");