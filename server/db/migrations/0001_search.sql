-- Accent- and case-insensitive text search (API.md: `dvorak` finds `Dvořák`).
-- unaccent ships with PostgreSQL's contrib (trusted since PostgreSQL 13, so the database
-- owner may create it) and with PGlite as an extension the server loads.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
-- An IMMUTABLE wrapper (unaccent itself is only STABLE) so folded values can be indexed.
CREATE OR REPLACE FUNCTION public.joule_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
