CREATE TYPE "public"."import_job_status" AS ENUM('matching', 'review', 'applying', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."import_match_kind" AS ENUM('matched', 'uncertain', 'unmatched');--> statement-breakpoint
CREATE TYPE "public"."import_match_via" AS ENUM('isbn13', 'isbn10', 'title', 'penName', 'fuzzy', 'choice');--> statement-breakpoint
CREATE TYPE "public"."import_source" AS ENUM('goodreads', 'storygraph');--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" "import_source" NOT NULL,
	"file_name" text NOT NULL,
	"encoding" text NOT NULL,
	"status" "import_job_status" DEFAULT 'matching' NOT NULL,
	"overwrite" boolean DEFAULT false NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"invalid_rows" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"error_key" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_progress" CHECK ("import_jobs"."processed" BETWEEN 0 AND "import_jobs"."total")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"author_sorted" text,
	"isbn10" text,
	"isbn13" text,
	"status" "reading_status",
	"custom_shelves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating" smallint,
	"review" text,
	"review_too_long" boolean DEFAULT false NOT NULL,
	"added_on" date,
	"read_on" date,
	"kind" "import_match_kind",
	"via" "import_match_via",
	"book_id" integer,
	"edition_id" integer,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	CONSTRAINT "import_rows_job_id_line_pk" PRIMARY KEY("job_id","line"),
	CONSTRAINT "import_rows_rating_range" CHECK ("import_rows"."rating" IS NULL OR "import_rows"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_user_idx" ON "import_jobs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_rows_kind_idx" ON "import_rows" USING btree ("job_id","kind","line");