-- Issue 14: the dashboard's top lists per range, summed once a day after the rollup (a year of per-day rows per visit missed the 200 ms goal: bench:analytics), and created_at indexes for the rollup's and today's counts of ratings, reviews, reading-list additions and accounts.
CREATE TABLE "analytics_range_tops" (
	"as_of" date NOT NULL,
	"range" smallint NOT NULL,
	"metric" "analytics_metric" NOT NULL,
	"dimension" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "analytics_range_tops_pkey" PRIMARY KEY("as_of","range","metric","dimension")
);
--> statement-breakpoint
ALTER TABLE "analytics_rolled_days" ADD COLUMN "tops_computed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "author_reviews_created_idx" ON "author_reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ratings_created_idx" ON "ratings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reading_list_created_idx" ON "reading_list" USING btree ("created_at");