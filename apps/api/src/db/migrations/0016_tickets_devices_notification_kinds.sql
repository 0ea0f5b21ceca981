CREATE TABLE "member_devices" (
	"member_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_devices_member_id_device_hash_pk" PRIMARY KEY("member_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "operator_notification_reads" (
	"operator_id" uuid PRIMARY KEY NOT NULL,
	"last_read_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"message" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_notifications_audience_known" CHECK ("operator_notifications"."audience" in ('admin', 'finance', 'support'))
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author" text NOT NULL,
	"operator_id" uuid,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_messages_length" CHECK (char_length("ticket_messages"."message") between 1 and 5000),
	CONSTRAINT "ticket_messages_author" CHECK (("ticket_messages"."author" = 'operator') = ("ticket_messages"."operator_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"member_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_author" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "tickets_subject_length" CHECK (char_length("tickets"."subject") between 3 and 120),
	CONSTRAINT "tickets_category_known" CHECK ("tickets"."category" in ('account', 'deposit', 'withdrawal', 'packages', 'income', 'team', 'other')),
	CONSTRAINT "tickets_status_known" CHECK ("tickets"."status" in ('open', 'answered', 'closed')),
	CONSTRAINT "tickets_closed_at" CHECK (("tickets"."status" = 'closed') = ("tickets"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "member_devices" ADD CONSTRAINT "member_devices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notification_reads" ADD CONSTRAINT "operator_notification_reads_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_notifications_audience_idx" ON "operator_notifications" USING btree ("audience","id");--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number_key" ON "tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "tickets_member_idx" ON "tickets" USING btree ("member_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","updated_at","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('general', 'money', 'income', 'rank', 'ticket', 'security'));