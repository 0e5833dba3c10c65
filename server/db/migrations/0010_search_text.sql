DROP INDEX "customers_customer_no_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_company_name_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_crn_trgm_idx";--> statement-breakpoint
DROP INDEX "points_ean_trgm_idx";--> statement-breakpoint
DROP INDEX "points_name_trgm_idx";--> statement-breakpoint
DROP INDEX "points_city_trgm_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search" text GENERATED ALWAYS AS (joule_fold("customer_no" || E'\n' || "company_name" || E'\n' || "first_name" || E'\n' || "last_name" || E'\n' || "crn")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "search" text GENERATED ALWAYS AS (joule_fold("ean" || E'\n' || "name" || E'\n' || "pod_no" || E'\n' || "street" || E'\n' || "city")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "points_search_trgm_idx" ON "points" USING gin ("search" gin_trgm_ops);