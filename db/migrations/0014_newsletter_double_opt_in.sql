ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "consent_text_version" text;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_confirm_token_key" ON "newsletter_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_language_supported" CHECK ("newsletter_subscriptions"."language" IN ('en', 'de', 'it'));