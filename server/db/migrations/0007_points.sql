CREATE TABLE "points" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer,
	"ean" varchar(18) NOT NULL,
	"name" varchar(100) NOT NULL,
	"pod_no" varchar(30) DEFAULT '' NOT NULL,
	"street" varchar(200) NOT NULL,
	"zip_code" varchar(6) NOT NULL,
	"city" varchar(100) NOT NULL,
	"country" varchar(2) DEFAULT 'CZ' NOT NULL,
	"building" varchar(50) DEFAULT '' NOT NULL,
	"flat_no" varchar(20) DEFAULT '' NOT NULL,
	"floor" varchar(20) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"point_id" integer NOT NULL,
	"tariff_device_id" integer,
	"state" varchar(20) NOT NULL,
	"parent_specification_id" integer,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"distribution_tariff_code" varchar(10) NOT NULL,
	"energy_distributor_id" integer,
	"energy_supplier_id" integer,
	"main_fuse_id" integer,
	"phases" varchar(1) NOT NULL,
	"reserved_capacity" numeric(10, 2),
	"estimated_annual_consumption" numeric(12, 3),
	"discount_id" integer,
	"production_type" varchar(20) DEFAULT '' NOT NULL,
	"producer_name" varchar(200) DEFAULT '' NOT NULL,
	"installed_power" numeric(10, 2),
	"reserved_power" numeric(10, 2)
);
--> statement-breakpoint
ALTER TABLE "points" ADD CONSTRAINT "points_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_tariff_device_id_tariff_devices_id_fk" FOREIGN KEY ("tariff_device_id") REFERENCES "public"."tariff_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_parent_specification_id_specifications_id_fk" FOREIGN KEY ("parent_specification_id") REFERENCES "public"."specifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_energy_distributor_id_distributors_id_fk" FOREIGN KEY ("energy_distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_energy_supplier_id_suppliers_id_fk" FOREIGN KEY ("energy_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_main_fuse_id_fuses_id_fk" FOREIGN KEY ("main_fuse_id") REFERENCES "public"."fuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ean_key" ON "points" USING btree ("ean");--> statement-breakpoint
CREATE INDEX "points_contract_idx" ON "points" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "specifications_point_valid_from_idx" ON "specifications" USING btree ("point_id","valid_from");--> statement-breakpoint
CREATE INDEX "specifications_tariff_device_idx" ON "specifications" USING btree ("tariff_device_id");--> statement-breakpoint
CREATE INDEX "specifications_parent_specification_idx" ON "specifications" USING btree ("parent_specification_id");