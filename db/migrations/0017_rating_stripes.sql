-- Rating counters in stripes (issue 12): one counter row per book made the rating writes of a popular
-- book queue behind each other's commit (the row stays locked until the WAL is flushed: 20 writers on
-- one book waited for up to 19 flushes), and the one `popularity` number in catalogue_version did the
-- same for every rating on the site. Each writer now adds to the stripe of its database connection
-- (backend pid modulo 16: the same stripe for every statement of a transaction, so two transactions
-- never take two stripes in opposite order), and readers sum the stripes: `book_stats` for a book's
-- counters, the sum of popularity_changes for the catalogue version's popularity number.
CREATE TABLE "book_rating_stripes" (
	"book_id" integer NOT NULL,
	"stripe" smallint NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_rating_stripes_book_id_stripe_pk" PRIMARY KEY("book_id","stripe")
);
--> statement-breakpoint
CREATE TABLE "popularity_changes" (
	"stripe" smallint PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_rating_stripes" ADD CONSTRAINT "book_rating_stripes_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counters that are there move to stripe 0, the version's popularity number to popularity_changes.
INSERT INTO "book_rating_stripes" ("book_id", "stripe", "rating_count", "rating_sum")
SELECT "book_id", 0, "rating_count", "rating_sum" FROM "book_popularity" WHERE "rating_count" <> 0 OR "rating_sum" <> 0;
--> statement-breakpoint
INSERT INTO "popularity_changes" ("stripe", "changes") SELECT g, 0 FROM generate_series(0, 15) g;
--> statement-breakpoint
UPDATE "popularity_changes" SET "changes" = (SELECT "popularity" FROM "catalogue_version" WHERE "id" = 1) WHERE "stripe" = 0;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "book_popularity_popularity_version" ON "book_popularity";
--> statement-breakpoint
ALTER TABLE "book_popularity" DROP COLUMN "rating_count";--> statement-breakpoint
ALTER TABLE "book_popularity" DROP COLUMN "rating_sum";--> statement-breakpoint
ALTER TABLE "catalogue_version" DROP COLUMN "popularity";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION counter_stripe() RETURNS smallint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
--> statement-breakpoint
-- The ratings trigger of 0003/0008, now adding each statement's difference to the writer's stripe.
-- A statement that changes only review texts moves nothing and writes nothing.
CREATE OR REPLACE FUNCTION book_popularity_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM public.book_rating_stripes;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public.book_rating_stripes AS p (book_id, stripe, rating_count, rating_sum)
    SELECT book_id, public.counter_stripe(), count(*), sum(rating) FROM new_rows GROUP BY book_id ORDER BY book_id
    ON CONFLICT (book_id, stripe) DO UPDATE SET rating_count = p.rating_count + EXCLUDED.rating_count, rating_sum = p.rating_sum + EXCLUDED.rating_sum;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO public.book_rating_stripes AS p (book_id, stripe, rating_count, rating_sum)
    SELECT o.book_id, public.counter_stripe(), -count(*), -sum(o.rating) FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM public.books b WHERE b.id = o.book_id) -- a deleted book's stripes went with it
    GROUP BY o.book_id ORDER BY o.book_id
    ON CONFLICT (book_id, stripe) DO UPDATE SET rating_count = p.rating_count + EXCLUDED.rating_count, rating_sum = p.rating_sum + EXCLUDED.rating_sum;
  ELSE
    INSERT INTO public.book_rating_stripes AS p (book_id, stripe, rating_count, rating_sum)
    SELECT book_id, public.counter_stripe(), sum(n), sum(s) FROM (SELECT book_id, 1 AS n, rating AS s FROM new_rows
                                                               UNION ALL SELECT book_id, -1, -rating FROM old_rows) d
    GROUP BY book_id HAVING sum(n) <> 0 OR sum(s) <> 0 ORDER BY book_id
    ON CONFLICT (book_id, stripe) DO UPDATE SET rating_count = p.rating_count + EXCLUDED.rating_count, rating_sum = p.rating_sum + EXCLUDED.rating_sum;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION popularity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.popularity_changes SET changes = changes + 1 WHERE stripe = public.counter_stripe();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "book_rating_stripes_popularity_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "book_rating_stripes"
  FOR EACH STATEMENT EXECUTE FUNCTION popularity_changed();
--> statement-breakpoint
-- Every book with its award wins and rating counters (0 where there are none), the stripes summed per
-- book through the primary key: a book's row costs three index lookups.
CREATE VIEW "book_stats" AS
SELECT b.id AS book_id, coalesce(w.award_wins, 0) AS award_wins,
       coalesce(r.rating_count, 0)::int AS rating_count, coalesce(r.rating_sum, 0)::int AS rating_sum
FROM public.books b
LEFT JOIN public.book_popularity w ON w.book_id = b.id
LEFT JOIN LATERAL (SELECT sum(s.rating_count) AS rating_count, sum(s.rating_sum) AS rating_sum
                   FROM public.book_rating_stripes s WHERE s.book_id = b.id) r ON true;
