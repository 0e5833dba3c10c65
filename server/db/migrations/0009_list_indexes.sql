DROP INDEX "customers_last_name_idx";--> statement-breakpoint
DROP INDEX "customers_company_name_idx";--> statement-breakpoint
CREATE INDEX "customers_customer_no_fold_idx" ON "customers" USING btree (joule_fold("customer_no"),"customer_no","id");--> statement-breakpoint
CREATE INDEX "customers_last_name_fold_idx" ON "customers" USING btree (joule_fold("last_name"),"last_name","id");--> statement-breakpoint
CREATE INDEX "customers_company_name_fold_idx" ON "customers" USING btree (joule_fold("company_name"),"company_name","id");--> statement-breakpoint
CREATE INDEX "customers_customer_no_trgm_idx" ON "customers" USING gin (joule_fold("customer_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_company_name_trgm_idx" ON "customers" USING gin (joule_fold("company_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_first_name_trgm_idx" ON "customers" USING gin (joule_fold("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_last_name_trgm_idx" ON "customers" USING gin (joule_fold("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_crn_trgm_idx" ON "customers" USING gin (joule_fold("crn") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "measurements_timestamp_id_idx" ON "measurements" USING btree ("timestamp_received" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "points_ean_fold_idx" ON "points" USING btree (joule_fold("ean"),"ean","id");--> statement-breakpoint
CREATE INDEX "points_name_fold_idx" ON "points" USING btree (joule_fold("name"),"name","id");--> statement-breakpoint
CREATE INDEX "points_city_fold_idx" ON "points" USING btree (joule_fold("city"),"city","id");--> statement-breakpoint
CREATE INDEX "points_ean_trgm_idx" ON "points" USING gin (joule_fold("ean") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "points_name_trgm_idx" ON "points" USING gin (joule_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "points_city_trgm_idx" ON "points" USING gin (joule_fold("city") gin_trgm_ops);