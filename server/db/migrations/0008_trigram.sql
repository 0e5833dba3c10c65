-- Trigram indexes make the accent-insensitive substring search (`joule_fold(x) LIKE
-- '%term%'`, migration 0001) use an index instead of reading every row. pg_trgm ships with
-- PostgreSQL's contrib (trusted since PostgreSQL 13) and with PGlite as an extension the
-- server loads.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
