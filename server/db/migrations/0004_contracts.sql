CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"contract_no" varchar(30) NOT NULL,
	"parent_contract_id" integer,
	"mode" varchar(20) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"state" varchar(20) NOT NULL,
	"billing_period" varchar(20) NOT NULL,
	"billing_start" date,
	"account_no" varchar(40) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"ts" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_parent_contract_id_contracts_id_fk" FOREIGN KEY ("parent_contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_contract_no_key" ON "contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "contracts_customer_idx" ON "contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contracts_parent_contract_idx" ON "contracts" USING btree ("parent_contract_id");--> statement-breakpoint
CREATE INDEX "payments_contract_ts_idx" ON "payments" USING btree ("contract_id","ts");