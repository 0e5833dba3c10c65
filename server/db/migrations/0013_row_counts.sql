CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- Keeps row_counts exact (schema/counts.ts). The engine (resources/engine/row-counts.ts)
-- installs it on every resource table as AFTER INSERT / DELETE / TRUNCATE ... FOR EACH
-- STATEMENT triggers whose transition table is named joule_changed_rows, so a statement
-- inserting a million rows updates the count once, in the statement's transaction. A table
-- without a row_counts row is left alone (the engine counts it and inserts its row).
CREATE OR REPLACE FUNCTION public.joule_count_rows() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE public.row_counts SET n = 0
      WHERE table_name = TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  SELECT count(*) INTO changed FROM joule_changed_rows;
  -- A statement that changed nothing does not lock the count's row.
  IF changed > 0 THEN
    UPDATE public.row_counts
      SET n = n + CASE TG_OP WHEN 'INSERT' THEN changed ELSE -changed END
      WHERE table_name = TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- joule_fold (migration 0001) had the default cost of an SQL function, 100 (as much as 100
-- comparisons); measured, it costs about 7 lower() calls. The planner charges that cost for
-- every row of a sort by folded text even when an index-only scan reads the folded value
-- from the index, so at 100 it chose parallel plans for a deep page's id scan that were
-- ten times slower than the plain index-only scan (issue "Load").
ALTER FUNCTION public.joule_fold(text) COST 10;
