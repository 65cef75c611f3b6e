-- book_titles (migration 0005) kept incrementally: the triggers recomputed every book's title in
-- three languages on every catalogue write (0.5 to 1.3 s per book or edition save with the editors
-- of issue 13, one at a time under the table's lock, so a few saves at once met the 5 s statement
-- limit). Now a write recomputes the titles of the books it touched (from the transition tables)
-- and, only when one of them changed or is new, the ranks of that language in one ranked pass.
-- A deleted book's rows go with it (foreign key cascade) and the ranks close up. TRUNCATE still
-- rebuilds everything (rebuild_book_titles of 0005). The ranks stay exactly what a rebuild makes.

-- The ranks of the given languages from the titles as they are now (equal titles share a rank, as
-- in rebuild_book_titles); only rows whose rank moved are written.
CREATE OR REPLACE FUNCTION rerank_book_titles(changed text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF 'en' = ANY(changed) THEN
    UPDATE public.book_titles t SET title_rank = r.rank
    FROM (SELECT book_id, rank() OVER (ORDER BY title COLLATE "en-x-icu") AS rank FROM public.book_titles WHERE locale = 'en') r
    WHERE t.locale = 'en' AND t.book_id = r.book_id AND t.title_rank <> r.rank;
  END IF;
  IF 'de' = ANY(changed) THEN
    UPDATE public.book_titles t SET title_rank = r.rank
    FROM (SELECT book_id, rank() OVER (ORDER BY title COLLATE "de-x-icu") AS rank FROM public.book_titles WHERE locale = 'de') r
    WHERE t.locale = 'de' AND t.book_id = r.book_id AND t.title_rank <> r.rank;
  END IF;
  IF 'it' = ANY(changed) THEN
    UPDATE public.book_titles t SET title_rank = r.rank
    FROM (SELECT book_id, rank() OVER (ORDER BY title COLLATE "it-x-icu") AS rank FROM public.book_titles WHERE locale = 'it') r
    WHERE t.locale = 'it' AND t.book_id = r.book_id AND t.title_rank <> r.rank;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_book_titles(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('public.book_titles'));
  WITH up AS (
    INSERT INTO public.book_titles AS t (locale, book_id, title, title_rank)
    SELECT l.locale, b.id, public.localized_book_title(b.id, b.original_title, b.original_language, l.locale), 0
    FROM public.books b, (VALUES ('en'), ('de'), ('it')) AS l(locale)
    WHERE b.id = ANY(ids)
    ON CONFLICT (locale, book_id) DO UPDATE SET title = EXCLUDED.title WHERE t.title IS DISTINCT FROM EXCLUDED.title
    RETURNING t.locale
  )
  SELECT array_agg(DISTINCT locale) INTO changed FROM up;
  IF changed IS NULL THEN
    RETURN;
  END IF;
  PERFORM public.rerank_book_titles(changed);
END $$;
--> statement-breakpoint
-- The books a statement touched, by event and table. Transition tables cannot go with a column list
-- (UPDATE OF ...), so an update compares the columns the title depends on itself.
CREATE OR REPLACE FUNCTION book_titles_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'books' THEN
    PERFORM public.refresh_book_titles(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM public.refresh_book_titles(ARRAY(SELECT DISTINCT book_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_titles_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'books' THEN
    PERFORM public.refresh_book_titles(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.original_title, n.original_language) IS DISTINCT FROM (o.original_title, o.original_language)));
  ELSE
    PERFORM public.refresh_book_titles(ARRAY(
      SELECT DISTINCT x.book_id FROM new_rows n JOIN old_rows o ON o.id = n.id,
             LATERAL (VALUES (n.book_id), (o.book_id)) AS x(book_id)
      WHERE (n.book_id, n.title, n.language_code, n.is_original_language, n.is_primary_edition)
            IS DISTINCT FROM (o.book_id, o.title, o.language_code, o.is_original_language, o.is_primary_edition)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_titles_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'books' THEN
    -- A deleted book's titles went with it (ON DELETE CASCADE, before this statement trigger): the
    -- ranks after it close up, so they stay what a rebuild would make.
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      PERFORM pg_advisory_xact_lock(hashtext('public.book_titles'));
      PERFORM public.rerank_book_titles(ARRAY['en', 'de', 'it']);
    END IF;
  ELSE
    PERFORM public.refresh_book_titles(ARRAY(SELECT DISTINCT book_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS books_titles_insert_delete ON books;--> statement-breakpoint
DROP TRIGGER IF EXISTS books_titles_update ON books;--> statement-breakpoint
DROP TRIGGER IF EXISTS editions_titles_insert_delete ON editions;--> statement-breakpoint
DROP TRIGGER IF EXISTS editions_titles_update ON editions;--> statement-breakpoint
CREATE TRIGGER books_titles_insert AFTER INSERT ON books REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_after_insert();--> statement-breakpoint
CREATE TRIGGER books_titles_update AFTER UPDATE ON books REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_after_update();--> statement-breakpoint
CREATE TRIGGER books_titles_delete AFTER DELETE ON books REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_after_delete();--> statement-breakpoint
CREATE TRIGGER books_titles_truncate AFTER TRUNCATE ON books
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_changed();--> statement-breakpoint
CREATE TRIGGER editions_titles_insert AFTER INSERT ON editions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_after_insert();--> statement-breakpoint
CREATE TRIGGER editions_titles_update AFTER UPDATE ON editions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_after_update();--> statement-breakpoint
CREATE TRIGGER editions_titles_delete AFTER DELETE ON editions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_after_delete();--> statement-breakpoint
CREATE TRIGGER editions_titles_truncate AFTER TRUNCATE ON editions
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_changed();
