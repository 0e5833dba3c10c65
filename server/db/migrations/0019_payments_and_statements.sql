CREATE TABLE "incoming_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" varchar(34) NOT NULL,
	"reference" varchar(100) NOT NULL,
	"statement" varchar(100) DEFAULT '' NOT NULL,
	"booking_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"variable_symbol" varchar(10) DEFAULT '' NOT NULL,
	"counterparty_name" varchar(140) DEFAULT '' NOT NULL,
	"counterparty_account" varchar(60) DEFAULT '' NOT NULL,
	"message" varchar(300) DEFAULT '' NOT NULL,
	"state" varchar(20) NOT NULL,
	"payment_id" integer,
	"invoice_id" integer,
	"contract_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incoming_payments_amount_positive" CHECK ("incoming_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_state" varchar(20) DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "incoming_payments" ADD CONSTRAINT "incoming_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_payments" ADD CONSTRAINT "incoming_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_payments" ADD CONSTRAINT "incoming_payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_payments_account_reference_key" ON "incoming_payments" USING btree ("account","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_payments_payment_key" ON "incoming_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "incoming_payments_state_idx" ON "incoming_payments" USING btree ("state","booking_date");--> statement-breakpoint
CREATE INDEX "incoming_payments_invoice_idx" ON "incoming_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "incoming_payments_contract_idx" ON "incoming_payments" USING btree ("contract_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_receivable_idx" ON "invoices" USING btree ("due_date") WHERE state = 'issued' and payment_state in ('unpaid', 'partly_paid');--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
-- Amounts are positive from now on (docs/billing.md "Payments"): money paid back was entered
-- as a negative amount of any type; it is a refund of that amount, which bills count the
-- same way (it raises the amount due). A payment of zero moved no money and is dropped.
UPDATE "payments" SET "type" = 'refund', "amount" = -"amount" WHERE "amount" < 0;--> statement-breakpoint
DELETE FROM "payments" WHERE "amount" = 0;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0);--> statement-breakpoint
-- An invoice with nothing to pay is settled from the start.
UPDATE "invoices" SET "payment_state" = 'paid' WHERE "amount_due" = 0;--> statement-breakpoint
-- What an invoice has been paid follows its payments in the same transaction, whichever
-- way they are written (API, statement import, seed): paid_amount = the customer's
-- payments settling it minus the refunds paid out on it; payment_state compares it with
-- amount_due (docs/billing.md "Standing"; the same rule as billing/payments/standing.ts).
CREATE OR REPLACE FUNCTION public.joule_settle_invoice(target integer) RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE public.invoices i
     SET paid_amount = s.paid,
         payment_state = CASE
           WHEN i.amount_due = 0 THEN CASE WHEN s.paid = 0 THEN 'paid' ELSE 'overpaid' END
           WHEN s.paid / i.amount_due <= 0 THEN 'unpaid'
           WHEN s.paid / i.amount_due < 1 THEN 'partly_paid'
           WHEN s.paid = i.amount_due THEN 'paid'
           ELSE 'overpaid'
         END
    FROM (SELECT coalesce(sum(CASE WHEN p.type = 'refund' THEN -p.amount ELSE p.amount END), 0) AS paid
            FROM public.payments p
           WHERE p.invoice_id = target) s
   WHERE i.id = target;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.joule_payments_settle() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.invoice_id IS NOT NULL THEN
    PERFORM public.joule_settle_invoice(OLD.invoice_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.invoice_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id
          OR NEW.amount <> OLD.amount OR NEW.type <> OLD.type) THEN
    PERFORM public.joule_settle_invoice(NEW.invoice_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_settle_invoice AFTER INSERT OR UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION public.joule_payments_settle();