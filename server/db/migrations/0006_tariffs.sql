CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" varchar(20) NOT NULL,
	"distribution_per_mwh_ht" numeric(12, 2),
	"distribution_per_mwh_lt" numeric(12, 2),
	"other_svc_system" numeric(12, 2),
	"other_svc_poze" numeric(12, 2),
	"other_svc_poze_per_a" numeric(12, 2),
	"other_non_network_infra" numeric(12, 2),
	"trade_monthly_pay" numeric(12, 2),
	"trade_per_mw_ht" numeric(12, 2),
	"trade_per_mw_lt" numeric(12, 2),
	"production_per_mwh_ht" numeric(12, 2),
	"production_per_mwh_lt" numeric(12, 2),
	"electricity_tax_per_mw" numeric(12, 2),
	"valid_from" date NOT NULL,
	"valid_to" date,
	"price" numeric(12, 2),
	"fuse_from" integer,
	"fuse_to" integer
);
--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariffs_product_idx" ON "tariffs" USING btree ("product_id");