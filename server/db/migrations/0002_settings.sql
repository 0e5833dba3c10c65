CREATE TABLE "collectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(50) NOT NULL,
	"mac" varchar(17) NOT NULL,
	"boot_version" varchar(50) DEFAULT '' NOT NULL,
	"name" varchar(100) NOT NULL,
	"last_seen" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" varchar(100) NOT NULL,
	"from_1phase" integer,
	"to_1phase" integer,
	"from_3phase" integer,
	"to_3phase" integer,
	"price_for_every_a" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "obises" (
	"id" serial PRIMARY KEY NOT NULL,
	"obis" varchar(30) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"convert_to_float" boolean DEFAULT false NOT NULL,
	"keep" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricelists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "collectors_serial_number_key" ON "collectors" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "obises_obis_key" ON "obises" USING btree ("obis");