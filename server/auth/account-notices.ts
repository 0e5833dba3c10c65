/**
 * Notice mails about account changes (docs/security.md "Account changes"): a new password
 * or a new e-mail is mailed to the user, so that a change they did not make does not go
 * unnoticed. The database queues them (`account_notices`, written by a trigger in the
 * change's own transaction, migration 0024); {@link AccountNotices} sends and deletes them
 * after each account-changing request of this app and every {@link SWEEP_INTERVAL_MS}
 * (changes of other processes: `npm run create-admin`, another instance that died). Each row
 * is claimed with `FOR UPDATE SKIP LOCKED`, so two instances never send one twice.
 *
 * The mails carry no link and no secret, and are in Czech and English (the change has no
 * request language when a trigger sees it).
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountNotices } from '../db/schema';
import type { Mail, Mailer } from './mailer';

/** How often queued notices are looked for besides after requests, in milliseconds. */
export const SWEEP_INTERVAL_MS = 30_000;

/** Notices claimed and sent per round. */
const BATCH = 20;

/** A queued notice as the mail text needs it. */
export interface AccountNotice {
  readonly kind: string;
  readonly email: string;
  readonly newEmail: string | null;
  readonly at: Date;
}

/** The mails of one notice: to the user's address, and for a new e-mail to that one too. */
export function noticeMails(notice: AccountNotice): Mail[] {
  const when = notice.at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const signedOut = [
    'Všechna vaše přihlášení byla ukončena; přihlaste se znovu. Pokud jste změnu neprovedli vy, obraťte se ihned na správce.',
    '',
    'All your sessions were signed out; sign in again. If you did not make this change, tell your administrator at once.',
  ];
  if (notice.kind === 'email' && notice.newEmail) {
    const text = [
      `E-mail účtu v aplikaci Joule byl ${when} změněn z ${notice.email} na ${notice.newEmail}.`,
      `The e-mail of your Joule account was changed from ${notice.email} to ${notice.newEmail} at ${when}.`,
      '',
      ...signedOut,
    ].join('\n');
    const subject = 'Joule: změna e-mailu / e-mail changed';
    return [
      { to: notice.email, subject, text },
      { to: notice.newEmail, subject, text },
    ];
  }
  return [
    {
      to: notice.email,
      subject: 'Joule: změna hesla / password changed',
      text: [
        `Heslo k účtu ${notice.email} v aplikaci Joule bylo ${when} změněno.`,
        `The password of your Joule account ${notice.email} was changed at ${when}.`,
        '',
        ...signedOut,
      ].join('\n'),
    },
  ];
}

/** Where failures to send are reported. */
export type NoticeErrorLog = (error: unknown) => void;

/** Sends the queued notices of one database; see the module comment. */
export class AccountNotices {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly onError: NoticeErrorLog,
  ) {}

  /**
   * Sends every queued notice (a call while a round runs makes it run once more); resolves
   * when the queue was empty. A mail that fails is reported and not retried: the change is
   * made, and the notice is a courtesy that must not block it.
   */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.round()) === BATCH);
        } while (this.again);
      } catch (error) {
        this.onError(error);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Starts the periodic sweep (not keeping the process alive). */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the sweep and waits for a round in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * Claims and deletes up to {@link BATCH} notices, then sends them (outside the
   * transaction: a slow mail server holds no lock); answers how many.
   */
  private async round(): Promise<number> {
    const rows = await this.db.transaction(async (tx) => {
      const claimed = await tx
        .select()
        .from(accountNotices)
        .orderBy(accountNotices.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (claimed.length > 0) {
        const ids = claimed.map((row) => row.id);
        await tx.delete(accountNotices).where(inArray(accountNotices.id, ids));
      }
      return claimed;
    });
    for (const row of rows) {
      for (const mail of noticeMails(row)) await this.mailer.send(mail).catch(this.onError);
    }
    return rows.length;
  }
}
