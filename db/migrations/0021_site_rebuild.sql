CREATE TABLE "site_rebuild" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"requested_at" timestamp with time zone,
	"hook_sent_at" timestamp with time zone,
	"hook_pending" boolean DEFAULT false NOT NULL,
	"live_at" timestamp with time zone,
	"live_deploy_id" text,
	"live_build_started_at" timestamp with time zone,
	"error" text,
	"error_at" timestamp with time zone,
	CONSTRAINT "site_rebuild_one_row" CHECK ("site_rebuild"."id" = 1)
);
--> statement-breakpoint
-- Deployed rebuilds (issue 26 point 7, ADR 0027): the one row every function instance locks to decide
-- whether it sends the build hook, and what the admin's rebuild status reads.
INSERT INTO "site_rebuild" ("id") VALUES (1) ON CONFLICT DO NOTHING;
