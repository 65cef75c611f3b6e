-- issue 29 points 2 and 12: the day a reader finished a book, where known, apart from updated_at.
ALTER TABLE "reading_list" ADD COLUMN "read_on" date;--> statement-breakpoint
-- Entries set to read here: the day of that change. An import without a finished date wrote the
-- date added (noon UTC) as both timestamps: those stay without a day, rather than an invented one.
UPDATE "reading_list" SET "read_on" = ("updated_at" AT TIME ZONE 'UTC')::date
WHERE "status" = 'read' AND NOT ("created_at" = "updated_at" AND ("created_at" AT TIME ZONE 'UTC')::time = time '12:00');--> statement-breakpoint
-- Entries an import wrote and nobody changed since: the finished day its file gave (a StoryGraph
-- import before this fix stored the day of the import instead, point 2).
UPDATE "reading_list" l SET "read_on" = x.read_on, "updated_at" = (x.read_on + time '12:00') AT TIME ZONE 'UTC'
FROM (
  SELECT j.user_id, r.book_id, max(r.read_on) AS read_on, max(j.finished_at) AS finished_at
  FROM "import_rows" r JOIN "import_jobs" j ON j.id = r.job_id
  WHERE j.status = 'done' AND r.book_id IS NOT NULL AND r.read_on IS NOT NULL AND r.status = 'read'
  GROUP BY j.user_id, r.book_id
) x
WHERE l.user_id = x.user_id AND l.book_id = x.book_id AND l.status = 'read' AND l.updated_at <= x.finished_at;
