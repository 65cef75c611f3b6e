-- Review moderation (issue 13 point 5): a super user hides a review with a reason (hidden_at,
-- hidden_reason, hidden_by) or removes its text; hidden reviews leave every public review list and
-- the pop-up. The partial indexes that serve those lists newest first leave hidden rows out as well,
-- so the lists' queries (db/queries/reader/ratings.ts) name the same predicate. Moderation is
-- recorded in admin_history under the new entity types book_review and author_review.
-- Affiliate settings (issue 13 point 6): affiliate_service_locales.edited_at marks a locale a super
-- user changed; the seed no longer resets its tag from AFFILIATE_TAG_AMAZON_DE.
-- Awards (issue 13 point 4): award_no_award_years records a year an award was not given in a category.
ALTER TYPE "public"."history_entity_type" ADD VALUE 'book_review';--> statement-breakpoint
ALTER TYPE "public"."history_entity_type" ADD VALUE 'author_review';--> statement-breakpoint
CREATE TABLE "award_no_award_years" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"category_id" integer,
	"custom_category" text,
	"year" smallint NOT NULL
);
--> statement-breakpoint
DROP INDEX "author_reviews_author_reviews_idx";--> statement-breakpoint
DROP INDEX "ratings_book_reviews_idx";--> statement-breakpoint
ALTER TABLE "author_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "author_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "author_reviews" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "affiliate_service_locales" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "award_no_award_years" ADD CONSTRAINT "award_no_award_years_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_no_award_years" ADD CONSTRAINT "award_no_award_years_category_id_award_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."award_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "award_no_award_years_key" ON "award_no_award_years" USING btree ("award_id",coalesce("category_id", 0),coalesce("custom_category", ''),"year");--> statement-breakpoint
ALTER TABLE "author_reviews" ADD CONSTRAINT "author_reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "author_reviews_author_reviews_idx" ON "author_reviews" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "author_reviews"."review" IS NOT NULL AND "author_reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ratings_book_reviews_idx" ON "ratings" USING btree ("book_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ratings"."review" IS NOT NULL AND "ratings"."hidden_at" IS NULL;