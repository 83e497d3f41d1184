-- The reminders sent before and on an installment's due date: the key lets each kind be sent once,
-- however many processes run the job.
CREATE TABLE "installment_reminders" (
	"installment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installment_reminders_installment_id_kind_pk" PRIMARY KEY("installment_id","kind"),
	CONSTRAINT "installment_reminders_kind_check" CHECK ("installment_reminders"."kind" in ('before', 'due'))
);
--> statement-breakpoint
ALTER TABLE "installment_reminders" ADD CONSTRAINT "installment_reminders_installment_id_credit_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."credit_installments"("id") ON DELETE cascade ON UPDATE no action;