-- The catalogue version (migration 0015) moves with the award categories, the no-award years and the
-- books' alternative titles too: the pop-up's cached catalogue half and the read API's cached pages
-- show category names, and an edit of them alone left those answers stale until another catalogue write.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['award_categories', 'award_no_award_years', 'book_alt_titles'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_catalogue_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()', t || '_catalogue_version', t);
  END LOOP;
END $$;
