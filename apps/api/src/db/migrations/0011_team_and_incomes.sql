CREATE TABLE "income_totals" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"counted" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incomes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_amount" bigint,
	"reason" text,
	"reason_detail" jsonb,
	"source_member_id" uuid,
	"level" smallint,
	"base_amount" bigint,
	"rate" integer,
	"cause" text NOT NULL,
	"member_package_id" uuid,
	"period" text,
	"rank_name" text,
	"plan_version" integer NOT NULL,
	"business_day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"transfer_id" bigint,
	CONSTRAINT "incomes_amount" CHECK ("incomes"."amount" >= 0),
	CONSTRAINT "incomes_status_consistent" CHECK (("incomes"."status" = 'pending' and "incomes"."paid_at" is null and "incomes"."transfer_id" is null and "incomes"."paid_amount" is null)
        or ("incomes"."status" = 'paid' and "incomes"."paid_at" is not null and "incomes"."transfer_id" is not null
            and "incomes"."paid_amount" > 0 and "incomes"."paid_amount" <= "incomes"."amount")
        or ("incomes"."status" = 'not-paid' and "incomes"."reason" is not null and "incomes"."transfer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "rank_achievements" (
	"member_id" uuid NOT NULL,
	"rank_name" text NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"plan_version" integer NOT NULL,
	CONSTRAINT "rank_achievements_member_id_rank_name_pk" PRIMARY KEY("member_id","rank_name")
);
--> statement-breakpoint
CREATE TABLE "rank_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"rank_name" text,
	"changed_at" timestamp with time zone NOT NULL,
	"plan_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_levels" (
	"member_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"business" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_levels_member_id_level_pk" PRIMARY KEY("member_id","level"),
	CONSTRAINT "team_levels_level" CHECK ("team_levels"."level" between 1 and 10),
	CONSTRAINT "team_levels_figures" CHECK ("team_levels"."members" >= 0 and "team_levels"."active" >= 0 and "team_levels"."active" <= "team_levels"."members" and "team_levels"."business" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"sponsor_id" uuid,
	"joined_at" timestamp with time zone NOT NULL,
	"invested" bigint DEFAULT 0 NOT NULL,
	"active_until" timestamp with time zone,
	"counted_active" boolean DEFAULT false NOT NULL,
	"team_business" bigint DEFAULT 0 NOT NULL,
	"team_size" integer DEFAULT 0 NOT NULL,
	"leg_business" bigint DEFAULT 0 NOT NULL,
	"leg_size" integer DEFAULT 1 NOT NULL,
	"rank_name" text,
	CONSTRAINT "team_members_figures" CHECK ("team_members"."invested" >= 0 and "team_members"."team_business" >= 0 and "team_members"."team_size" >= 0 and "team_members"."leg_business" >= 0 and "team_members"."leg_size" >= 1)
);
--> statement-breakpoint
CREATE TABLE "team_weeks" (
	"member_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"business" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_weeks_member_id_week_start_pk" PRIMARY KEY("member_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "member_tree" DROP CONSTRAINT "member_tree_depth_positive";--> statement-breakpoint
DROP INDEX "member_tree_ancestor_depth_idx";--> statement-breakpoint
-- The tree reaches the 10 levels the plan pays and counts; each row copies its descendant's join instant.
DELETE FROM "member_tree" WHERE "depth" > 10;--> statement-breakpoint
ALTER TABLE "member_tree" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
UPDATE "member_tree" t SET "joined_at" = m."created_at" FROM "members" m WHERE m."id" = t."descendant_id";--> statement-breakpoint
ALTER TABLE "member_tree" ALTER COLUMN "joined_at" SET NOT NULL;--> statement-breakpoint
-- A purchase ends when business day start_day + total_days + 1 begins, in the plan's time zone.
ALTER TABLE "member_packages" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "member_packages" SET "ends_at" = (("start_day" + "total_days" + 1)::timestamp AT TIME ZONE
  (SELECT coalesce("settings"->>'timeZone', 'UTC') FROM "plan_versions" ORDER BY "version" DESC LIMIT 1));--> statement-breakpoint
ALTER TABLE "member_packages" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD COLUMN "published_by" uuid;--> statement-breakpoint
ALTER TABLE "income_totals" ADD CONSTRAINT "income_totals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_source_member_id_members_id_fk" FOREIGN KEY ("source_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_achievements" ADD CONSTRAINT "rank_achievements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_changes" ADD CONSTRAINT "rank_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_levels" ADD CONSTRAINT "team_levels_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_sponsor_id_members_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_weeks" ADD CONSTRAINT "team_weeks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incomes_cause_key" ON "incomes" USING btree ("kind","cause","member_id");--> statement-breakpoint
CREATE INDEX "incomes_member_kind_idx" ON "incomes" USING btree ("member_id","kind","business_day","id");--> statement-breakpoint
CREATE INDEX "incomes_pending_idx" ON "incomes" USING btree ("id") WHERE "incomes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "rank_changes_member_idx" ON "rank_changes" USING btree ("member_id","changed_at");--> statement-breakpoint
CREATE INDEX "team_members_sponsor_active_idx" ON "team_members" USING btree ("sponsor_id","active_until");--> statement-breakpoint
CREATE INDEX "team_members_sponsor_leg_idx" ON "team_members" USING btree ("sponsor_id","leg_business" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "team_members_expiring_idx" ON "team_members" USING btree ("active_until") WHERE "team_members"."counted_active";--> statement-breakpoint
CREATE INDEX "team_weeks_week_member_idx" ON "team_weeks" USING btree ("week_start","member_id");--> statement-breakpoint
CREATE INDEX "member_tree_level_idx" ON "member_tree" USING btree ("ancestor_id","depth","joined_at" DESC NULLS LAST,"descendant_id");--> statement-breakpoint
CREATE INDEX "member_packages_member_ends_idx" ON "member_packages" USING btree ("member_id","ends_at");--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_depth_range" CHECK ("member_tree"."depth" between 1 and 10);