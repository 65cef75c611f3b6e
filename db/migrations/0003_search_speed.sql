-- Search speed (issue 5): the typeahead reads stored folds instead of folding every row per query,
-- and popularity (award wins, ratings) from a counter table instead of counting per candidate.
-- The expression indexes of 0002 give way to trigram indexes of the same names on the stored columns.
DROP INDEX IF EXISTS editions_title_fold_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS editions_title_translit_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS authors_name_fold_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS authors_name_translit_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS series_name_fold_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS series_name_translit_trgm;
--> statement-breakpoint
CREATE TABLE "book_popularity" (
	"book_id" integer PRIMARY KEY NOT NULL,
	"award_wins" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "name_fold" text GENERATED ALWAYS AS (public.search_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "name_translit" text GENERATED ALWAYS AS (public.search_translit(name)) STORED;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "name_fold" text GENERATED ALWAYS AS (public.search_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "name_translit" text GENERATED ALWAYS AS (public.search_translit(name)) STORED;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "title_fold" text GENERATED ALWAYS AS (public.search_fold(title)) STORED;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "title_translit" text GENERATED ALWAYS AS (public.search_translit(title)) STORED;--> statement-breakpoint
ALTER TABLE "book_popularity" ADD CONSTRAINT "book_popularity_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authors_name_fold_trgm" ON "authors" USING gin ("name_fold" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "authors_name_translit_trgm" ON "authors" USING gin ("name_translit" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "series_name_fold_trgm" ON "series" USING gin ("name_fold" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "series_name_translit_trgm" ON "series" USING gin ("name_translit" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "editions_title_fold_trgm" ON "editions" USING gin ("title_fold" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "editions_title_translit_trgm" ON "editions" USING gin ("title_translit" gin_trgm_ops);--> statement-breakpoint
-- Counters move by the difference each statement makes (statement triggers with transition tables):
-- concurrent writers add and subtract under the row lock instead of overwriting each other's recount.
CREATE OR REPLACE FUNCTION book_popularity_awards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE public.book_popularity SET award_wins = 0 WHERE award_wins <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public.book_popularity AS p (book_id, award_wins)
    SELECT book_id, count(*) FROM new_rows WHERE is_winner GROUP BY book_id
    ON CONFLICT (book_id) DO UPDATE SET award_wins = p.award_wins + EXCLUDED.award_wins;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE public.book_popularity p SET award_wins = p.award_wins - d.n
    FROM (SELECT book_id, count(*) AS n FROM old_rows WHERE is_winner GROUP BY book_id) d WHERE p.book_id = d.book_id;
  ELSE
    INSERT INTO public.book_popularity AS p (book_id, award_wins)
    SELECT book_id, sum(n) FROM (SELECT book_id, 1 AS n FROM new_rows WHERE is_winner
                                 UNION ALL SELECT book_id, -1 FROM old_rows WHERE is_winner) d
    GROUP BY book_id HAVING sum(n) <> 0
    ON CONFLICT (book_id) DO UPDATE SET award_wins = p.award_wins + EXCLUDED.award_wins;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_popularity_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE public.book_popularity SET rating_count = 0 WHERE rating_count <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public.book_popularity AS p (book_id, rating_count)
    SELECT book_id, count(*) FROM new_rows GROUP BY book_id
    ON CONFLICT (book_id) DO UPDATE SET rating_count = p.rating_count + EXCLUDED.rating_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE public.book_popularity p SET rating_count = p.rating_count - d.n
    FROM (SELECT book_id, count(*) AS n FROM old_rows GROUP BY book_id) d WHERE p.book_id = d.book_id;
  ELSE
    INSERT INTO public.book_popularity AS p (book_id, rating_count)
    SELECT book_id, sum(n) FROM (SELECT book_id, 1 AS n FROM new_rows UNION ALL SELECT book_id, -1 FROM old_rows) d
    GROUP BY book_id HAVING sum(n) <> 0
    ON CONFLICT (book_id) DO UPDATE SET rating_count = p.rating_count + EXCLUDED.rating_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER book_awards_popularity_insert AFTER INSERT ON book_awards REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_popularity_awards();
--> statement-breakpoint
CREATE TRIGGER book_awards_popularity_update AFTER UPDATE ON book_awards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_popularity_awards();
--> statement-breakpoint
CREATE TRIGGER book_awards_popularity_delete AFTER DELETE ON book_awards REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_popularity_awards();
--> statement-breakpoint
CREATE TRIGGER book_awards_popularity_truncate AFTER TRUNCATE ON book_awards
  FOR EACH STATEMENT EXECUTE FUNCTION book_popularity_awards();
--> statement-breakpoint
CREATE TRIGGER ratings_popularity_insert AFTER INSERT ON ratings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_popularity_ratings();
--> statement-breakpoint
CREATE TRIGGER ratings_popularity_update AFTER UPDATE ON ratings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_popularity_ratings();
--> statement-breakpoint
CREATE TRIGGER ratings_popularity_delete AFTER DELETE ON ratings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_popularity_ratings();
--> statement-breakpoint
CREATE TRIGGER ratings_popularity_truncate AFTER TRUNCATE ON ratings
  FOR EACH STATEMENT EXECUTE FUNCTION book_popularity_ratings();
--> statement-breakpoint
-- Counters for the catalogue that is already there.
INSERT INTO book_popularity (book_id, award_wins, rating_count)
SELECT b.id,
       (SELECT count(*) FROM book_awards ba WHERE ba.book_id = b.id AND ba.is_winner),
       (SELECT count(*) FROM ratings r WHERE r.book_id = b.id)
FROM books b
WHERE EXISTS (SELECT 1 FROM book_awards ba WHERE ba.book_id = b.id AND ba.is_winner) OR EXISTS (SELECT 1 FROM ratings r WHERE r.book_id = b.id)
ON CONFLICT (book_id) DO UPDATE SET award_wins = EXCLUDED.award_wins, rating_count = EXCLUDED.rating_count;
