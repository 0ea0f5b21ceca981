CREATE INDEX "members_created_idx" ON "members" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "members_mobile_idx" ON "members" USING btree ("mobile");