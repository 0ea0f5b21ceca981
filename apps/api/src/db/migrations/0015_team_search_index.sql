-- A team search by the start of a name (decision 0020, "Measured"): the few members whose name starts
-- so, then each one's place in the searcher's tree, instead of every member of a level.
CREATE INDEX "members_name_prefix_idx" ON "members" USING btree (lower("name") text_pattern_ops);