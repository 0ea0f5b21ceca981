CREATE TABLE "member_packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"daily_rate" integer NOT NULL,
	"daily_profit" bigint NOT NULL,
	"total_days" integer NOT NULL,
	"start_day" date NOT NULL,
	"plan_version" integer NOT NULL,
	"transfer_id" bigint NOT NULL,
	"settled_days" integer DEFAULT 0 NOT NULL,
	"claimed_days" integer DEFAULT 0 NOT NULL,
	"claimed_profit" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_packages_id_member_key" UNIQUE("id","member_id"),
	CONSTRAINT "member_packages_amount_positive" CHECK ("member_packages"."amount" > 0 and "member_packages"."daily_profit" >= 0 and "member_packages"."total_days" > 0),
	CONSTRAINT "member_packages_days_consistent" CHECK (0 <= "member_packages"."claimed_days" and "member_packages"."claimed_days" <= "member_packages"."settled_days" and "member_packages"."settled_days" <= "member_packages"."total_days"),
	CONSTRAINT "member_packages_claimed_profit" CHECK ("member_packages"."claimed_profit" = "member_packages"."claimed_days" * "member_packages"."daily_profit")
);
--> statement-breakpoint
CREATE TABLE "package_claims" (
	"member_package_id" uuid NOT NULL,
	"day_number" integer NOT NULL,
	"member_id" uuid NOT NULL,
	"accrual_day" date NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"claim_id" uuid NOT NULL,
	"plan_version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "package_claims_member_package_id_day_number_pk" PRIMARY KEY("member_package_id","day_number"),
	CONSTRAINT "package_claims_day_positive" CHECK ("package_claims"."day_number" > 0 and "package_claims"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"daily_rate" integer NOT NULL,
	"total_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "packages_range_valid" CHECK ("packages"."min_amount" > 0 and "packages"."max_amount" >= "packages"."min_amount"),
	CONSTRAINT "packages_terms_positive" CHECK ("packages"."daily_rate" > 0 and "packages"."total_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_packages" ADD CONSTRAINT "member_packages_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_claims" ADD CONSTRAINT "package_claims_member_package_id_member_id_member_packages_id_member_id_fk" FOREIGN KEY ("member_package_id","member_id") REFERENCES "public"."member_packages"("id","member_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_packages_member_idx" ON "member_packages" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_packages_transfer_key" ON "member_packages" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "package_claims_member_idx" ON "package_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_name_key" ON "packages" USING btree ("name");