CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"catalogue" bigint DEFAULT 0 NOT NULL,
	"popularity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
-- The catalogue's version (issue 10): function instances answer the typeahead from an in-memory copy
-- of the catalogue and read this row (at most every second) to know when to reload it. Statement
-- triggers count every write to what the searches and lists read; the row is updated in the writing
-- transaction, so it commits (and becomes visible) together with the write.
INSERT INTO "catalogue_version" ("id", "catalogue", "popularity") VALUES (1, 0, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.catalogue_version SET catalogue = catalogue + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION popularity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.catalogue_version SET popularity = popularity + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['books', 'editions', 'authors', 'series', 'genres', 'awards', 'book_authors', 'book_series', 'book_genres', 'series_authors', 'book_awards'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()', t || '_catalogue_version', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['book_popularity', 'author_reviews'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION popularity_changed()', t || '_popularity_version', t);
  END LOOP;
END $$;
