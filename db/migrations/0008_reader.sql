-- Readers (issue 12): a book's average from one row, and reviews newest first from an index.
-- book_popularity gains rating_sum beside rating_count (the pop-up must answer in milliseconds for a
-- book with 10,000 ratings, so it never averages the rows per request); partial indexes hold only
-- the ratings and author reviews that have text, in the order the review lists show them.
ALTER TABLE "book_popularity" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "author_reviews_author_reviews_idx" ON "author_reviews" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "author_reviews"."review" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ratings_book_reviews_idx" ON "ratings" USING btree ("book_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ratings"."review" IS NOT NULL;
--> statement-breakpoint
-- The ratings trigger of 0003, now moving rating_sum with rating_count by the difference each
-- statement makes. A statement that changes only review texts moves neither and writes nothing, so
-- it takes no lock on the book's counter row.
CREATE OR REPLACE FUNCTION book_popularity_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE public.book_popularity SET rating_count = 0, rating_sum = 0 WHERE rating_count <> 0 OR rating_sum <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public.book_popularity AS p (book_id, rating_count, rating_sum)
    SELECT book_id, count(*), sum(rating) FROM new_rows GROUP BY book_id
    ON CONFLICT (book_id) DO UPDATE SET rating_count = p.rating_count + EXCLUDED.rating_count, rating_sum = p.rating_sum + EXCLUDED.rating_sum;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE public.book_popularity p SET rating_count = p.rating_count - d.n, rating_sum = p.rating_sum - d.s
    FROM (SELECT book_id, count(*) AS n, sum(rating) AS s FROM old_rows GROUP BY book_id) d WHERE p.book_id = d.book_id;
  ELSE
    INSERT INTO public.book_popularity AS p (book_id, rating_count, rating_sum)
    SELECT book_id, sum(n), sum(s) FROM (SELECT book_id, 1 AS n, rating AS s FROM new_rows
                                         UNION ALL SELECT book_id, -1, -rating FROM old_rows) d
    GROUP BY book_id HAVING sum(n) <> 0 OR sum(s) <> 0
    ON CONFLICT (book_id) DO UPDATE SET rating_count = p.rating_count + EXCLUDED.rating_count, rating_sum = p.rating_sum + EXCLUDED.rating_sum;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sums for the ratings that are already there.
INSERT INTO book_popularity (book_id, rating_count, rating_sum)
SELECT book_id, count(*), sum(rating) FROM ratings GROUP BY book_id
ON CONFLICT (book_id) DO UPDATE SET rating_count = EXCLUDED.rating_count, rating_sum = EXCLUDED.rating_sum;
