CREATE TABLE "credit_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"promise_date" date,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_contacts_outcome_check" CHECK ("credit_contacts"."outcome" in ('reached', 'promised', 'no_answer', 'wrong_number', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "credit_contacts" ADD CONSTRAINT "credit_contacts_credit_id_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_contacts" ADD CONSTRAINT "credit_contacts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_contacts_credit_idx" ON "credit_contacts" USING btree ("credit_id","at");