-- Queues a notice mail (account_notices, sent by auth/account-notices.ts) with every change
-- of a user's password or e-mail, whichever code makes it, in the change's own transaction
-- (docs/security.md "Account changes"). The sign-in's upgrade of a hash to today's cost
-- (joule.password_rehash = 'on', migration 0018) is no change for the user.
CREATE OR REPLACE FUNCTION public.joule_users_account_notice() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     AND NEW.password_hash IS NOT NULL
     AND coalesce(current_setting('joule.password_rehash', true), '') <> 'on' THEN
    INSERT INTO public.account_notices (user_id, kind, email) VALUES (NEW.id, 'password', NEW.email);
  END IF;
  IF NEW.email IS DISTINCT FROM OLD.email THEN
    INSERT INTO public.account_notices (user_id, kind, email, new_email)
      VALUES (NEW.id, 'email', OLD.email, NEW.email);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_account_notice AFTER UPDATE ON public.users
  FOR EACH ROW EXECUTE FUNCTION public.joule_users_account_notice();
