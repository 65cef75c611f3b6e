-- issue 29 point 25 (spec §3 Edition formats, §9 "currency EUR"): an edition's optional price, exact
-- to the cent, and its ISO 4217 currency (the tuple CURRENCIES of src/domain/enums.ts). Both or neither:
-- the API defaults the currency to EUR when a price comes without one. Existing editions have neither.
-- No trigger to add: the catalogue version's statement trigger on editions (0015) covers every column.
CREATE TYPE "public"."currency" AS ENUM('EUR', 'CHF', 'GBP', 'USD');--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "price" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "currency" "currency";--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_price_not_negative" CHECK ("editions"."price" IS NULL OR "editions"."price" >= 0);--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_price_has_currency" CHECK (("editions"."price" IS NULL) = ("editions"."currency" IS NULL));
