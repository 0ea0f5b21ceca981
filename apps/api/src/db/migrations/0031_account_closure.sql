CREATE TABLE "account_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"refusal_reason" text,
	"erased_at" timestamp with time zone,
	CONSTRAINT "account_closures_status_known" CHECK ("account_closures"."status" in ('pending', 'cancelled', 'refused', 'confirmed')),
	CONSTRAINT "account_closures_decided" CHECK (("account_closures"."status" = 'pending') = ("account_closures"."decided_at" is null)),
	CONSTRAINT "account_closures_decided_by" CHECK ("account_closures"."status" not in ('refused', 'confirmed') or "account_closures"."decided_by" is not null),
	CONSTRAINT "account_closures_refusal_reason" CHECK (("account_closures"."status" = 'refused') = ("account_closures"."refusal_reason" is not null)),
	CONSTRAINT "account_closures_erased" CHECK ("account_closures"."erased_at" is null or "account_closures"."status" = 'confirmed')
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" DROP CONSTRAINT "sign_in_attempts_failure_matches_result";--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_closures_one_pending_key" ON "account_closures" USING btree ("member_id") WHERE "account_closures"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "account_closures_one_confirmed_key" ON "account_closures" USING btree ("member_id") WHERE "account_closures"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "account_closures_member_idx" ON "account_closures" USING btree ("member_id","requested_at");--> statement-breakpoint
CREATE INDEX "account_closures_erasure_idx" ON "account_closures" USING btree ("decided_at") WHERE "account_closures"."status" = 'confirmed' and "account_closures"."erased_at" is null;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_status_known" CHECK ("members"."status" in ('active', 'blocked', 'closed'));--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_failure_matches_result" CHECK (("sign_in_attempts"."result" = 'success' and "sign_in_attempts"."failure" is null) or ("sign_in_attempts"."result" = 'failure' and "sign_in_attempts"."failure" in ('wrong-password', 'wrong-code', 'wrong-passkey', 'too-many-attempts', 'account-blocked', 'proof-of-work-required', 'account-closed')));