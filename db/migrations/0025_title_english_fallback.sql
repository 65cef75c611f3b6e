-- issue 29 point 6: a page shows the title in the reader's language, then the English title, then the
-- original (a German page of 穴 shows The Hole, with 穴 beside it). The rule of localizedTitle(),
-- titleLanguages() and translatedTitle() in src/domain/catalogue-view.ts; tests/integration/lists.test.ts
-- checks SQL and TypeScript agree for every book.
-- The title of the book's translation into a language: its first translated edition in that language
-- (primary first, then the lowest id); null when there is none, when it is the original language, or
-- when that edition keeps the original title.
CREATE OR REPLACE FUNCTION translated_book_title(book_id integer, original_title text, original_language text, language text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lower(split_part(replace(btrim(coalesce($3, '')), '_', '-'), '-', 1)) = $4 THEN NULL ELSE nullif((
      SELECT btrim(e.title) FROM public.editions e
      WHERE e.book_id = $1 AND NOT e.is_original_language
        AND lower(split_part(replace(btrim(e.language_code), '_', '-'), '-', 1)) = $4 AND btrim(e.title) <> ''
      ORDER BY e.is_primary_edition DESC, e.id
      LIMIT 1
    ), btrim($2)) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION localized_book_title(book_id integer, original_title text, original_language text, locale text)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lower(split_part(replace(btrim(coalesce($3, '')), '_', '-'), '-', 1)) = $4 THEN $2
    ELSE coalesce(
      public.translated_book_title($1, $2, $3, $4),
      CASE WHEN $4 <> 'en' THEN public.translated_book_title($1, $2, $3, 'en') END,
      $2)
  END
$$;
--> statement-breakpoint
SELECT rebuild_book_titles();
