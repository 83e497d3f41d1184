CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"gateway_token" text NOT NULL,
	"masked" text NOT NULL,
	"type" text NOT NULL,
	"expire" text NOT NULL,
	"fingerprint" text NOT NULL,
	"holder_phone" text NOT NULL,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"code_sends" smallint DEFAULT 1 NOT NULL,
	"code_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guarantors" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"relative_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relative_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_uz" text NOT NULL,
	"name_ru" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_profiles" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"passport_masked" text,
	"passport_sealed" text,
	"pinfl_masked" text,
	"pinfl_sealed" text,
	"pinfl_hash" text,
	"birth_date" date,
	"face_image_path" text,
	"face_checked_at" timestamp with time zone,
	"card_id" integer,
	"decided_at" timestamp with time zone,
	"approved" boolean,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"income" bigint,
	"reason" text,
	"reasons" jsonb,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantors" ADD CONSTRAINT "guarantors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantors" ADD CONSTRAINT "guarantors_relative_type_id_relative_types_id_fk" FOREIGN KEY ("relative_type_id") REFERENCES "public"."relative_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_profiles" ADD CONSTRAINT "scoring_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_profiles" ADD CONSTRAINT "scoring_profiles_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_customer_fingerprint_key" ON "cards" USING btree ("customer_id","fingerprint") WHERE "cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cards_customer_idx" ON "cards" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guarantors_customer_phone_key" ON "guarantors" USING btree ("customer_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_profiles_pinfl_key" ON "scoring_profiles" USING btree ("pinfl_hash");
--> statement-breakpoint
INSERT INTO "relative_types" ("id", "name_uz", "name_ru") VALUES
  (1, 'Ota yoki ona', 'Отец или мать'),
  (2, 'Turmush o''rtog''i', 'Супруг или супруга'),
  (3, 'Aka-uka yoki opa-singil', 'Брат или сестра'),
  (4, 'Farzand', 'Сын или дочь'),
  (5, 'Boshqa qarindosh', 'Другой родственник'),
  (6, 'Do''st yoki hamkasb', 'Друг или коллега');
