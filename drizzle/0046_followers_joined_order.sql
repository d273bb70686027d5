-- A prisoner's followers in joining order: the prisoner search and the DLSA's district list name the first
-- relative to follow, read in this index's order instead of a sort for every prisoner of the page.
CREATE INDEX "prisoner_followers_joined_idx" ON "prisoner_followers" USING btree ("prisoner_id","joined_at","family_member_id");
