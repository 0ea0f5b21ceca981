CREATE TABLE "mail_once_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_mail_preferences" (
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_mail_preferences_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
ALTER TABLE "member_mail_preferences" ADD CONSTRAINT "member_mail_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;