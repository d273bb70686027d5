-- Issue 10 and contract 5: 'Select NGO' on the dashboard offers at most 20 NGOs with a free seat, the
-- nearest the member's prison or those whose name starts with what was typed
-- (docs/decisions/0030-select-ngo-nearest-and-by-name.md). Each is read as short ranges of these
-- partial indexes, so an answer costs the same however many NGOs there are.
CREATE INDEX "ngos_free_place_idx" ON "ngos" ("state", "district", "name", "id") WHERE "seats_free" > 0;
--> statement-breakpoint
CREATE INDEX "ngos_free_name_prefix_idx" ON "ngos" (lower("name") text_pattern_ops) WHERE "seats_free" > 0;
