ALTER TABLE "discounts" ADD COLUMN "percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "applies_to" varchar(20) DEFAULT 'bill' NOT NULL;--> statement-breakpoint
ALTER TABLE "tariffs" ADD COLUMN "price_list_id" integer;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_price_list_id_pricelists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."pricelists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariffs_price_list_idx" ON "tariffs" USING btree ("price_list_id");