ALTER TABLE "customers" ADD COLUMN "document_email" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" varchar(2) DEFAULT 'cs' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_to" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Drafts carried the contract's account number as variable symbol: now the digits of the
-- contract's number, else empty until issue gives the invoice's number (docs/billing.md
-- "Payment data"). Issued invoices keep the symbol they were sent with.
UPDATE "invoices" SET "variable_symbol" = CASE
    WHEN length(regexp_replace(c."contract_no", '\D', '', 'g')) BETWEEN 1 AND 10
      THEN regexp_replace(c."contract_no", '\D', '', 'g')
    ELSE '' END
  FROM "contracts" c
  WHERE c."id" = "invoices"."contract_id" AND "invoices"."state" = 'draft';
