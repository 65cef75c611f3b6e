-- Search (issue 5): accent- and case-folded matching with trigram indexes. Two folds of every name:
-- Functions are schema-qualified: PostgreSQL 17+ builds indexes with a safe search_path that leaves out public.
-- search_fold() drops accents (ü→u, ß→ss: "wustenplanet", "lasswitz"), search_translit() spells German
-- umlauts out first (ü→ue: "wuestenplanet"). Both drop apostrophes ("enders game") and read ' & ' as
-- ' and '. Queries are folded with search_fold() only.
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(replace(lower(public.immutable_unaccent($1)), ' & ', ' and '), '[''’`´]', '', 'g') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_translit(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.search_fold(replace(replace(replace(replace(replace(replace($1, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue')) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS editions_title_fold_trgm ON editions USING gin (search_fold(title) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS editions_title_translit_trgm ON editions USING gin (search_translit(title) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS authors_name_fold_trgm ON authors USING gin (search_fold(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS authors_name_translit_trgm ON authors USING gin (search_translit(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS series_name_fold_trgm ON series USING gin (search_fold(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS series_name_translit_trgm ON series USING gin (search_translit(name) gin_trgm_ops);
