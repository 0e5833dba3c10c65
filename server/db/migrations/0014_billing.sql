CREATE TABLE "global_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"supplier_name" varchar(200) DEFAULT '' NOT NULL,
	"ico" varchar(8) DEFAULT '' NOT NULL,
	"dic" varchar(14) DEFAULT '' NOT NULL,
	"address" varchar(500) DEFAULT '' NOT NULL,
	"bank_account" varchar(50) DEFAULT '' NOT NULL,
	CONSTRAINT "global_settings_singleton" CHECK ("global_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"valid_from" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "product_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_valid_from_key" ON "vat_rates" USING btree ("valid_from");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_product_idx" ON "contracts" USING btree ("product_id");--> statement-breakpoint
INSERT INTO "global_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "vat_rates" ("rate", "valid_from") VALUES (21, '2013-01-01') ON CONFLICT DO NOTHING;
