CREATE TYPE "public"."analytics_event_type" AS ENUM('page_view', 'modal_open', 'interaction', 'click');--> statement-breakpoint
CREATE TYPE "public"."binding_type" AS ENUM('hardcover', 'paperback', 'broschiert', 'mass_market', 'ebook', 'audiobook');--> statement-breakpoint
CREATE TYPE "public"."edition_type" AS ENUM('original', 'revised', 'anniversary', 'special', 'international');--> statement-breakpoint
CREATE TYPE "public"."email_token_purpose" AS ENUM('verify_email', 'reset_password');--> statement-breakpoint
CREATE TYPE "public"."format_type" AS ENUM('physical', 'digital');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female', 'non_binary', 'other', 'not_specified');--> statement-breakpoint
CREATE TYPE "public"."genre_category" AS ENUM('science_fiction', 'fantasy', 'horror', 'crossover', 'default');--> statement-breakpoint
CREATE TYPE "public"."reading_status" AS ENUM('to_read', 'reading', 'read');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('NORMAL_USER', 'POWER_USER', 'GOLDEN_USER', 'SUPER_USER');--> statement-breakpoint
CREATE TYPE "public"."series_kind" AS ENUM('novel_series', 'publisher_series', 'author_edition');--> statement-breakpoint
CREATE TYPE "public"."series_status" AS ENUM('ongoing', 'completed');--> statement-breakpoint
CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_name" text NOT NULL,
	"bio" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"birth_year" smallint,
	"death_year" smallint,
	"nationality" text,
	"native_language" text,
	"gender" "gender" DEFAULT 'not_specified' NOT NULL,
	"profile_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authors_slug_format" CHECK ("authors"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "book_authors" (
	"book_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"role" text DEFAULT 'author' NOT NULL,
	CONSTRAINT "book_authors_book_id_author_id_pk" PRIMARY KEY("book_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "book_genres" (
	"book_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	CONSTRAINT "book_genres_book_id_genre_id_pk" PRIMARY KEY("book_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "book_series" (
	"book_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"position" numeric(6, 2),
	CONSTRAINT "book_series_book_id_series_id_pk" PRIMARY KEY("book_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"original_title" text NOT NULL,
	"original_language" text,
	"publication_year" smallint,
	"publication_year_approx" boolean DEFAULT false NOT NULL,
	"publication_date" date,
	"publisher" text,
	"pages" integer,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cover_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_slug_format" CHECK ("books"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "books_pages_positive" CHECK ("books"."pages" IS NULL OR "books"."pages" >= 1)
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category" "genre_category" DEFAULT 'default' NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text,
	CONSTRAINT "genres_slug_format" CHECK ("genres"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" "series_kind" DEFAULT 'novel_series' NOT NULL,
	"status" "series_status",
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_slug_format" CHECK ("series"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "series_authors" (
	"series_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "series_authors_series_id_author_id_pk" PRIMARY KEY("series_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "award_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"about" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "awards_slug_format" CHECK ("awards"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "book_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"award_id" integer NOT NULL,
	"category_id" integer,
	"custom_category" text,
	"year" smallint NOT NULL,
	"is_winner" boolean DEFAULT false NOT NULL,
	CONSTRAINT "book_awards_category_present" CHECK ("book_awards"."category_id" IS NOT NULL OR "book_awards"."custom_category" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"cover_image_url" text,
	"publication_year" smallint,
	"pages" integer,
	"isbn" text,
	"asin" text,
	"publisher" text,
	"is_primary_edition" boolean DEFAULT false NOT NULL,
	"edition_type" "edition_type" DEFAULT 'original' NOT NULL,
	"format_type" "format_type" DEFAULT 'physical' NOT NULL,
	"binding_type" "binding_type",
	"language_code" text DEFAULT 'de' NOT NULL,
	"language_name" text DEFAULT 'Deutsch' NOT NULL,
	"translator" text,
	"is_original_language" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editions_title_present" CHECK (length(trim("editions"."title")) > 0),
	CONSTRAINT "editions_pages_positive" CHECK ("editions"."pages" IS NULL OR "editions"."pages" >= 1),
	CONSTRAINT "editions_year_range" CHECK ("editions"."publication_year" IS NULL OR "editions"."publication_year" >= 1800),
	CONSTRAINT "editions_language_code_length" CHECK (length("editions"."language_code") >= 2)
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "email_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "role" DEFAULT 'NORMAL_USER' NOT NULL,
	"first_name" text,
	"last_name" text,
	"bio" text,
	"language" text DEFAULT 'en' NOT NULL,
	"profile_image_url" text,
	"email_verified_at" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_language_supported" CHECK ("users"."language" IN ('en', 'de', 'it'))
);
--> statement-breakpoint
CREATE TABLE "author_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"author_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"review" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "author_reviews_range" CHECK ("author_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"review" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_range" CHECK ("ratings"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "reading_list" (
	"user_id" uuid NOT NULL,
	"book_id" integer NOT NULL,
	"status" "reading_status" DEFAULT 'to_read' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_list_user_id_book_id_pk" PRIMARY KEY("user_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "affiliate_service_locales" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"region" text NOT NULL,
	"variant" text DEFAULT 'default' NOT NULL,
	"template" text NOT NULL,
	"domain" text NOT NULL,
	"affiliate_tag" text
);
--> statement-breakpoint
CREATE TABLE "affiliate_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_type" "analytics_event_type" NOT NULL,
	"route" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_genres" ADD CONSTRAINT "book_genres_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_genres" ADD CONSTRAINT "book_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_series" ADD CONSTRAINT "book_series_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_series" ADD CONSTRAINT "book_series_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_authors" ADD CONSTRAINT "series_authors_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_authors" ADD CONSTRAINT "series_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_categories" ADD CONSTRAINT "award_categories_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_awards" ADD CONSTRAINT "book_awards_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_awards" ADD CONSTRAINT "book_awards_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_awards" ADD CONSTRAINT "book_awards_category_id_award_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."award_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_reviews" ADD CONSTRAINT "author_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_reviews" ADD CONSTRAINT "author_reviews_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list" ADD CONSTRAINT "reading_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list" ADD CONSTRAINT "reading_list_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_service_locales" ADD CONSTRAINT "affiliate_service_locales_service_id_affiliate_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."affiliate_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authors_slug_key" ON "authors" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "authors_sort_name_idx" ON "authors" USING btree ("sort_name");--> statement-breakpoint
CREATE INDEX "book_authors_author_idx" ON "book_authors" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "book_genres_genre_idx" ON "book_genres" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "book_series_series_idx" ON "book_series" USING btree ("series_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "books_slug_key" ON "books" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "books_publication_year_idx" ON "books" USING btree ("publication_year");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_slug_key" ON "genres" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_key" ON "genres" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "series_slug_key" ON "series" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "series_authors_author_idx" ON "series_authors" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "award_categories_award_slug_key" ON "award_categories" USING btree ("award_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_slug_key" ON "awards" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "book_awards_entry_key" ON "book_awards" USING btree ("book_id","award_id",coalesce("category_id", 0),"year");--> statement-breakpoint
CREATE INDEX "book_awards_award_year_idx" ON "book_awards" USING btree ("award_id","category_id","year");--> statement-breakpoint
CREATE INDEX "book_awards_book_idx" ON "book_awards" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "editions_one_primary_per_book" ON "editions" USING btree ("book_id") WHERE "editions"."is_primary_edition";--> statement-breakpoint
CREATE UNIQUE INDEX "editions_one_original_per_book" ON "editions" USING btree ("book_id") WHERE "editions"."edition_type" = 'original';--> statement-breakpoint
CREATE INDEX "editions_book_idx" ON "editions" USING btree ("book_id","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "author_reviews_user_author_key" ON "author_reviews" USING btree ("user_id","author_id");--> statement-breakpoint
CREATE INDEX "author_reviews_author_idx" ON "author_reviews" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_user_book_key" ON "ratings" USING btree ("user_id","book_id");--> statement-breakpoint
CREATE INDEX "ratings_book_idx" ON "ratings" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "reading_list_book_idx" ON "reading_list" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_service_locales_key" ON "affiliate_service_locales" USING btree ("service_id","region","variant");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_services_key_key" ON "affiliate_services" USING btree ("key");--> statement-breakpoint
CREATE INDEX "analytics_events_type_time_idx" ON "analytics_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_time_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_lower_key" ON "newsletter_subscriptions" USING btree (lower("email"));