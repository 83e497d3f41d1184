-- Reconciliation runs per card gateway (DESIGN §6a): a report for each day and gateway, so one
-- gateway that cannot list its receipts leaves the others' comparison written.
DROP INDEX IF EXISTS "reconciliation_reports_day_key";--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_reports_day_gateway_key" ON "reconciliation_reports" USING btree ("day","gateway");
