ALTER TABLE "specifications" ALTER COLUMN "production_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "specifications" ALTER COLUMN "production_type" DROP NOT NULL;--> statement-breakpoint
-- No production is now null, not a blank text.
UPDATE "specifications" SET "production_type" = NULL WHERE "production_type" = '';
