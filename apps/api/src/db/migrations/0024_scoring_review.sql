ALTER TABLE "scoring_profiles" ADD COLUMN "surname" text;--> statement-breakpoint
ALTER TABLE "scoring_profiles" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "scoring_profiles" ADD COLUMN "patronymic" text;--> statement-breakpoint
ALTER TABLE "scoring_profiles" ADD COLUMN "declared_income" bigint;--> statement-breakpoint
ALTER TABLE "scoring_profiles" ADD COLUMN "review_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scoring_profiles" ADD COLUMN "reason_text" text;--> statement-breakpoint
CREATE INDEX "scoring_profiles_review_idx" ON "scoring_profiles" USING btree ("review_since") WHERE "scoring_profiles"."review_since" is not null;