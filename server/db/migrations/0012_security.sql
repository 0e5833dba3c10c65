CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource" varchar(100) NOT NULL,
	"row_id" integer NOT NULL,
	"action" varchar(10) NOT NULL,
	"user_id" integer,
	"user_email" varchar(254),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttle_hits" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
CREATE INDEX "audit_log_resource_row_idx" ON "audit_log" USING btree ("resource","row_id","id");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_at_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "throttle_hits_window_ends_at_idx" ON "throttle_hits" USING btree ("window_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_account_key" ON "users" USING btree ("oidc_issuer","oidc_subject");