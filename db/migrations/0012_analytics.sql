-- Issue 14: analytics without identifying anyone. Events lose user_id (no event was ever sent before this issue; any old row is removed with it) and gain the day's visitor hash; searches, daily rollups, rolled days and the one-day salt are new.
DELETE FROM "analytics_events";--> statement-breakpoint
CREATE TYPE "public"."analytics_metric" AS ENUM('page_views', 'visitors', 'modal_opens', 'interactions', 'list_adds', 'ratings', 'reviews', 'new_users', 'views_book', 'views_author', 'views_series', 'views_genre', 'searches', 'zero_searches');--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "user_id";--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"metric" "analytics_metric" NOT NULL,
	"day" date NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("metric","day","dimension")
);
--> statement-breakpoint
CREATE TABLE "analytics_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"hits" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "visitor_hash" text NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_searches_time_idx" ON "analytics_searches" USING btree ("created_at");