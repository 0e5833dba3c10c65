DROP INDEX "measurements_timestamp_id_idx";--> statement-breakpoint
CREATE INDEX "measurements_timestamp_id_idx" ON "measurements" USING btree ("timestamp_received","id");