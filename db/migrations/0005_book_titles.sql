-- The list pages sort books by title through book_titles (issue 10: ICU comparisons over the whole
-- catalogue were most of a list request): a table of titles and alphabet ranks per page language,
-- kept by statement triggers on books and editions.
CREATE TABLE "book_titles" (
	"locale" text NOT NULL,
	"book_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_rank" integer NOT NULL,
	CONSTRAINT "book_titles_locale_book_id_pk" PRIMARY KEY("locale","book_id")
);
--> statement-breakpoint
ALTER TABLE "book_titles" ADD CONSTRAINT "book_titles_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A book's title in a page language (the rule of localizedTitle() in src/domain/catalogue-view.ts; the
-- queries call this function, db/queries/book-title.ts): the title of a translated edition (not in the
-- original language) in that language, primary edition first, then the lowest id; else the original
-- title. A translation equal to the original title counts as none; a book written in the page
-- language keeps its original title. 'de-AT', 'DE' and 'de_AT' all mean German.
CREATE OR REPLACE FUNCTION localized_book_title(book_id integer, original_title text, original_language text, locale text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif((
      SELECT btrim(e.title) FROM public.editions e
      WHERE e.book_id = $1 AND NOT e.is_original_language
        AND lower(split_part(replace(btrim(e.language_code), '_', '-'), '-', 1)) = $4 AND btrim(e.title) <> ''
        AND lower(split_part(replace(btrim(coalesce($3, '')), '_', '-'), '-', 1)) <> $4
      ORDER BY e.is_primary_edition DESC, e.id
      LIMIT 1
    ), btrim($2)), $2)
$$;
--> statement-breakpoint
-- Recomputes book_titles: every book's title per page language and its rank in that language's
-- alphabet (ICU collations, as the list pages sort). One writer at a time (transaction lock), so
-- concurrent catalogue edits do not interleave their recounts.
CREATE OR REPLACE FUNCTION rebuild_book_titles() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('public.book_titles'));
  DELETE FROM public.book_titles;
  INSERT INTO public.book_titles (locale, book_id, title, title_rank)
  SELECT 'en', id, title, rank() OVER (ORDER BY title COLLATE "en-x-icu")
    FROM (SELECT b.id, public.localized_book_title(b.id, b.original_title, b.original_language, 'en') AS title FROM public.books b) t
  UNION ALL
  SELECT 'de', id, title, rank() OVER (ORDER BY title COLLATE "de-x-icu")
    FROM (SELECT b.id, public.localized_book_title(b.id, b.original_title, b.original_language, 'de') AS title FROM public.books b) t
  UNION ALL
  SELECT 'it', id, title, rank() OVER (ORDER BY title COLLATE "it-x-icu")
    FROM (SELECT b.id, public.localized_book_title(b.id, b.original_title, b.original_language, 'it') AS title FROM public.books b) t;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_titles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.rebuild_book_titles();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_titles_insert_delete AFTER INSERT OR DELETE OR TRUNCATE ON books
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_changed();
--> statement-breakpoint
CREATE TRIGGER books_titles_update AFTER UPDATE OF original_title, original_language ON books
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_changed();
--> statement-breakpoint
CREATE TRIGGER editions_titles_insert_delete AFTER INSERT OR DELETE OR TRUNCATE ON editions
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_changed();
--> statement-breakpoint
CREATE TRIGGER editions_titles_update AFTER UPDATE OF book_id, title, language_code, is_original_language, is_primary_edition ON editions
  FOR EACH STATEMENT EXECUTE FUNCTION book_titles_changed();
--> statement-breakpoint
SELECT rebuild_book_titles();
