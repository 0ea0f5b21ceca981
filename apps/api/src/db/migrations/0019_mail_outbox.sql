CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text,
	"otp_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"send_before" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_attempts_range" CHECK ("mail_outbox"."attempts" >= 0),
	CONSTRAINT "mail_outbox_state" CHECK ("mail_outbox"."state" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_otp_idx" ON "mail_outbox" USING btree ("otp_id") WHERE "mail_outbox"."otp_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_at_idx" ON "mail_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_failed_at_idx" ON "mail_outbox" USING btree ("failed_at");