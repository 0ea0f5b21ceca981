CREATE TABLE "compounding_incomes" (
	"member_id" uuid NOT NULL,
	"business_day" date NOT NULL,
	"base_amount" bigint NOT NULL,
	"rate" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"transfer_id" bigint,
	"plan_version" bigint NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "compounding_incomes_member_id_business_day_pk" PRIMARY KEY("member_id","business_day"),
	CONSTRAINT "compounding_incomes_amounts" CHECK ("compounding_incomes"."base_amount" > 0 and "compounding_incomes"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tx_hash" text,
	"gateway_invoice_id" text,
	"gateway_payment_id" text,
	"payment_url" text,
	"gateway_status" text,
	"reason" text,
	"transfer_id" bigint,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0),
	CONSTRAINT "deposits_status_known" CHECK ("deposits"."status" in ('pending', 'confirmed', 'rejected', 'failed', 'expired')),
	CONSTRAINT "deposits_confirmed_has_transfer" CHECK (("deposits"."status" = 'confirmed') = ("deposits"."transfer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"wallet" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"business_day" date NOT NULL,
	"hold_id" bigint NOT NULL,
	"tx_hash" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_amounts_consistent" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."net_amount" > 0 and "withdrawals"."fee" + "withdrawals"."net_amount" = "withdrawals"."amount"),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('pending', 'paid', 'rejected', 'cancelled')),
	CONSTRAINT "withdrawals_paid_has_hash" CHECK ("withdrawals"."status" <> 'paid' or "withdrawals"."tx_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "compounding_incomes" ADD CONSTRAINT "compounding_incomes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compounding_incomes" ADD CONSTRAINT "compounding_incomes_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compounding_incomes_member_idx" ON "compounding_incomes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_member_idx" ON "deposits" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_gateway_invoice_key" ON "deposits" USING btree ("gateway_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_hash_key" ON "deposits" USING btree (lower("tx_hash")) WHERE "deposits"."tx_hash" is not null and "deposits"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_transfer_key" ON "deposits" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_member_day_idx" ON "withdrawals" USING btree ("member_id","business_day");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_hold_key" ON "withdrawals" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_pending_key" ON "withdrawals" USING btree ("member_id") WHERE "withdrawals"."status" = 'pending';