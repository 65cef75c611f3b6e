CREATE TYPE "public"."newsletter_delivery_status" AS ENUM('claimed', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."newsletter_issue_status" AS ENUM('draft', 'sending', 'sent');--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"issue_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" "newsletter_delivery_status" DEFAULT 'claimed' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_deliveries_issue_id_subscription_id_pk" PRIMARY KEY("issue_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" "newsletter_issue_status" DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"recipients" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_issues_language_supported" CHECK ("newsletter_issues"."language" IN ('en', 'de', 'it'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscription_id_newsletter_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."newsletter_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_issues_archive_idx" ON "newsletter_issues" USING btree ("language","sent_at" DESC NULLS LAST) WHERE "newsletter_issues"."status" = 'sent';