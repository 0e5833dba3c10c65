-- Ends a user's sessions (sessions.revoked_at, auth/sessions.ts) whenever the token
-- generation moves on: a new password, a new e-mail, a deactivation (migration 0018) and
-- signing out everywhere, which moves it on by itself. The session list then shows none of
-- them, and a refresh or access token of theirs is refused for its session as well as for
-- its generation (docs/security.md "Tokens").
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
  IF NEW.token_generation IS DISTINCT FROM OLD.token_generation THEN
    UPDATE public.sessions SET revoked_at = now()
      WHERE user_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NEW;
END
$$;
