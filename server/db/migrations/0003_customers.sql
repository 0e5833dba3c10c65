CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"street" varchar(200) NOT NULL,
	"city" varchar(100) NOT NULL,
	"zip_code" varchar(6) NOT NULL,
	"country" varchar(2) DEFAULT 'CZ' NOT NULL,
	"flat_no" varchar(20) DEFAULT '' NOT NULL,
	"floor" varchar(20) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_no" varchar(20) NOT NULL,
	"type" varchar(20) NOT NULL,
	"salutation" varchar(50) DEFAULT '' NOT NULL,
	"company_name" varchar(200) DEFAULT '' NOT NULL,
	"crn" varchar(8) DEFAULT '' NOT NULL,
	"tin" varchar(12) DEFAULT '' NOT NULL,
	"title_before" varchar(50) DEFAULT '' NOT NULL,
	"first_name" varchar(100) DEFAULT '' NOT NULL,
	"last_name" varchar(100) DEFAULT '' NOT NULL,
	"title_after" varchar(50) DEFAULT '' NOT NULL,
	"birth_date" date,
	"report_email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_customer_no_key" ON "customers" USING btree ("customer_no");--> statement-breakpoint
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree ("last_name");--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_name");