CREATE TABLE "measurements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tariff_device_id" integer NOT NULL,
	"timestamp_received" timestamp with time zone NOT NULL,
	"obis_181" numeric(15, 3) NOT NULL,
	"obis_182" numeric(15, 3) NOT NULL,
	"obis_280" numeric(15, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"collector_id" integer,
	"serial_number" varchar(50) NOT NULL,
	"model" varchar(100) DEFAULT '' NOT NULL,
	"ean_production" varchar(18),
	"ean_consumption" varchar(18),
	"name" varchar(100) NOT NULL,
	"calibration_date" date,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_tariff_device_id_tariff_devices_id_fk" FOREIGN KEY ("tariff_device_id") REFERENCES "public"."tariff_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_devices" ADD CONSTRAINT "tariff_devices_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_device_timestamp_key" ON "measurements" USING btree ("tariff_device_id","timestamp_received");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_devices_serial_number_key" ON "tariff_devices" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_devices_ean_production_key" ON "tariff_devices" USING btree ("ean_production");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_devices_ean_consumption_key" ON "tariff_devices" USING btree ("ean_consumption");--> statement-breakpoint
CREATE INDEX "tariff_devices_collector_idx" ON "tariff_devices" USING btree ("collector_id");