CREATE TABLE "sign_in_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"method" text NOT NULL,
	"result" text NOT NULL,
	"failure" text,
	CONSTRAINT "sign_in_attempts_method_known" CHECK ("sign_in_attempts"."method" in ('password')),
	CONSTRAINT "sign_in_attempts_failure_matches_result" CHECK (("sign_in_attempts"."result" = 'success' and "sign_in_attempts"."failure" is null) or ("sign_in_attempts"."result" = 'failure' and "sign_in_attempts"."failure" in ('wrong-password', 'too-many-attempts', 'account-blocked')))
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_member_idx" ON "sign_in_attempts" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_at_idx" ON "sign_in_attempts" USING btree ("at");