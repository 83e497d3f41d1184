-- Wrong staff sign-ins are counted by the email typed (an account's or not) and the address they
-- come from, no longer on the account: a wait then holds back one address, never the member.
CREATE TABLE "staff_sign_in_failures" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"wait_until" timestamp with time zone,
	CONSTRAINT "staff_sign_in_failures_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
CREATE INDEX "staff_sign_in_failures_last_idx" ON "staff_sign_in_failures" USING btree ("last_failed_at");--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "locked_until";--> statement-breakpoint
-- a failed sign-in with an email no account has is recorded without a member of staff
ALTER TABLE "audit_log" ALTER COLUMN "staff_id" DROP NOT NULL;
