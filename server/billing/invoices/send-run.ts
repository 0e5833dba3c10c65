/**
 * Sending a billing run's issued invoices (docs/billing.md "Sending"): `POST
 * /billing-runs/{id}/send/` queues one job ({@link INVOICE_SEND_QUEUE}); a process with a
 * mailer takes it and sends each issued invoice of the run not yet sent, one transaction
 * each, through {@link sendInvoice} (so each send is audited and never goes twice). The
 * progress is read off the invoices themselves ({@link runSending}): nothing else is stored.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Mailer } from '../../auth/mailer';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { customers, invoices } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { SendJob } from '../runs/jobs';
import { sendInvoice } from './actions';

/**
 * Where the mailing of a run stands: its issued invoices, how many were sent, how many
 * cannot be (their customer has neither a document nor a report e-mail), and how many wait.
 */
export interface RunSending {
  readonly issued: number;
  readonly sent: number;
  readonly without_email: number;
  readonly remaining: number;
}

/** The mailing counts of run `run` (see {@link RunSending}). */
export async function runSending(db: Database, run: number): Promise<RunSending> {
  const [row] = await db
    .select({
      issued: sql<number>`count(*)::int`,
      sent: sql<number>`count(${invoices.sentAt})::int`,
      withoutEmail: sql<number>`count(*) filter (where ${invoices.sentAt} is null
        and ${customers.documentEmail} = '' and ${customers.reportEmail} = '')::int`,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer))
    .where(and(eq(invoices.run, run), eq(invoices.state, 'issued')));
  const issued = Number(row?.issued ?? 0);
  const sent = Number(row?.sent ?? 0);
  const withoutEmail = Number(row?.withoutEmail ?? 0);
  return { issued, sent, without_email: withoutEmail, remaining: issued - sent - withoutEmail };
}

/**
 * Sends every issued, unsent invoice of `job.run` through `mailer`, as `job.user` (the
 * audit's actor). An invoice refused (no e-mail, cancelled meanwhile) is passed over and
 * reported to `onError` only when the refusal is not one of the send's own; the others go on.
 *
 * @returns how many were sent.
 */
export async function sendRunInvoices(
  db: Database,
  job: SendJob,
  mailer: Mailer,
  onError: (error: unknown, invoice: number) => void = () => {},
): Promise<number> {
  const waiting = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.run, job.run), eq(invoices.state, 'issued'), isNull(invoices.sentAt)))
    .orderBy(invoices.id);
  // The audit reads the actor's id and e-mail only.
  const actor = job.user as Principal | null;
  let sent = 0;
  for (const { id } of waiting) {
    try {
      const result = await db.transaction((tx) => sendInvoice(tx, id, actor, { mailer }));
      if (result.sent) sent += 1;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) onError(error, id);
    }
  }
  return sent;
}
