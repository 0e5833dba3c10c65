ALTER TABLE "users" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Moves a user's token generation on (auth/revocation.ts) with every change that must sign
-- them out everywhere, whichever code makes it (API, password reset, create-admin, bulk
-- actions): a new password, a new e-mail, a deactivation. The sign-in's upgrade of a hash
-- to today's cost sets the password it has just verified again and says so with the
-- transaction-local setting joule.password_rehash = 'on'; it keeps the tokens.
CREATE OR REPLACE FUNCTION public.joule_users_token_generation() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF (NEW.password_hash IS DISTINCT FROM OLD.password_hash
        AND coalesce(current_setting('joule.password_rehash', true), '') <> 'on')
     OR NEW.email IS DISTINCT FROM OLD.email
     OR (OLD.is_active AND NOT NEW.is_active) THEN
    NEW.token_generation := OLD.token_generation + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_token_generation BEFORE UPDATE ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.joule_users_token_generation();
