-- Seed data revision 2 (issue 11.6): other titles of a work (book_alt_titles), the title an award
-- list prints (book_awards.as_title), and what the seed importer needs to bring an existing database
-- up to date: each seeded row's record key (source_key) and what the last import wrote (seed_records,
-- the base of db/seed/merge.ts).
CREATE TYPE "public"."alt_title_kind" AS ENUM('serial', 'uk', 'us', 'working', 'translation-of-record');--> statement-breakpoint
CREATE TABLE "book_alt_titles" (
	"book_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" "alt_title_kind" NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_alt_titles_book_id_title_pk" PRIMARY KEY("book_id","title"),
	CONSTRAINT "book_alt_titles_title_present" CHECK (length(trim("book_alt_titles"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "seed_records" (
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"facts" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seed_records_kind_source_key_pk" PRIMARY KEY("kind","source_key")
);
--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "book_awards" ADD COLUMN "as_title" text;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "book_alt_titles" ADD CONSTRAINT "book_alt_titles_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authors_source_key_key" ON "authors" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "books_source_key_key" ON "books" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "series_source_key_key" ON "series" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "editions_source_key_key" ON "editions" USING btree ("source_key");--> statement-breakpoint
-- Until now only the seed importer created books, authors and series, each with its record's key as
-- slug: that key becomes the row's source_key, so the importer can also remove records a data revision
-- drops. Editions can be added in the app, so the importer matches the seeded ones itself.
UPDATE "authors" SET "source_key" = "slug";--> statement-breakpoint
UPDATE "series" SET "source_key" = "slug";--> statement-breakpoint
UPDATE "books" SET "source_key" = "slug";
