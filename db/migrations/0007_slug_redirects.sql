-- Slugs follow the spec rule (issue 11.4, spec §5): the importer derives them from titles and names
-- instead of using the record keys, and every slug a book, author or series had before is kept here,
-- so its old URL answers a 301 (src/integrations/slug-redirects.ts).
CREATE TYPE "public"."slug_kind" AS ENUM('book', 'author', 'series');--> statement-breakpoint
CREATE TABLE "slug_redirects" (
	"kind" "slug_kind" NOT NULL,
	"old_slug" text NOT NULL,
	"entity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slug_redirects_kind_old_slug_pk" PRIMARY KEY("kind","old_slug"),
	CONSTRAINT "slug_redirects_old_slug_format" CHECK ("slug_redirects"."old_slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE INDEX "slug_redirects_entity_idx" ON "slug_redirects" USING btree ("kind","entity_id");