CREATE TABLE "money_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"wallet" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"transfer_id" bigint,
	CONSTRAINT "money_adjustments_amount_not_zero" CHECK ("money_adjustments"."amount" <> 0),
	CONSTRAINT "money_adjustments_wallet_known" CHECK ("money_adjustments"."wallet" in ('fund', 'profit')),
	CONSTRAINT "money_adjustments_status_known" CHECK ("money_adjustments"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "money_adjustments_four_eyes" CHECK ("money_adjustments"."decided_by" is null or "money_adjustments"."decided_by" <> "money_adjustments"."proposed_by"),
	CONSTRAINT "money_adjustments_decision_complete" CHECK (("money_adjustments"."status" = 'pending' and "money_adjustments"."decided_by" is null and "money_adjustments"."transfer_id" is null)
        or ("money_adjustments"."status" = 'approved' and "money_adjustments"."decided_by" is not null and "money_adjustments"."transfer_id" is not null)
        or ("money_adjustments"."status" = 'rejected' and "money_adjustments"."decided_by" is not null and "money_adjustments"."transfer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "operator_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operators" DROP CONSTRAINT "operators_status_known";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonated_by" uuid;--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD CONSTRAINT "money_adjustments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD CONSTRAINT "money_adjustments_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD CONSTRAINT "money_adjustments_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD CONSTRAINT "money_adjustments_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_invitations" ADD CONSTRAINT "operator_invitations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_invitations" ADD CONSTRAINT "operator_invitations_invited_by_operators_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_adjustments_status_idx" ON "money_adjustments" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE INDEX "money_adjustments_member_idx" ON "money_adjustments" USING btree ("member_id","proposed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_invitations_token_hash_key" ON "operator_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_invitations_operator_idx" ON "operator_invitations" USING btree ("operator_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonated_by_operators_id_fk" FOREIGN KEY ("impersonated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_status_known" CHECK ("operators"."status" in ('invited', 'active', 'disabled'));