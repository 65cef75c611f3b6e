-- Search needs pg_trgm and unaccent in every environment (issue 2, DESIGN.md §2).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary); indexes need an IMMUTABLE wrapper that names the dictionary.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- A text search configuration that folds accents: 'simple' (no stemming: titles are in many languages) plus unaccent.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'phantastika') THEN
    CREATE TEXT SEARCH CONFIGURATION phantastika (COPY = simple);
    ALTER TEXT SEARCH CONFIGURATION phantastika ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END
$$;
