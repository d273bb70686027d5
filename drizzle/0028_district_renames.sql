-- Districts renamed (src/shared/india-locations.ts FORMER_DISTRICT_NAMES): records made before hold the
-- former name; they take the current one, so "same district" matches between a family, its lawyers,
-- NGOs and prisons hold (docs/decisions/0041-fonts-and-listen.md). Data only.
CREATE TEMPORARY TABLE "district_renames" ("state" text, "former" text, "current" text) ON COMMIT DROP;
--> statement-breakpoint
INSERT INTO "district_renames" VALUES
  ('UP', 'Allahabad', 'Prayagraj'),
  ('UP', 'Faizabad', 'Ayodhya'),
  ('MH', 'Ahmednagar', 'Ahilyanagar'),
  ('MH', 'Aurangabad', 'Chhatrapati Sambhajinagar'),
  ('MH', 'Osmanabad', 'Dharashiv'),
  ('KA', 'Bellary', 'Ballari'),
  ('KA', 'Belgaum', 'Belagavi'),
  ('KA', 'Bangalore Rural', 'Bengaluru Rural'),
  ('KA', 'Bangalore Urban', 'Bengaluru Urban'),
  ('KA', 'Chikmagalur', 'Chikkamagaluru'),
  ('KA', 'Gulbarga', 'Kalaburagi'),
  ('KA', 'Mysore', 'Mysuru'),
  ('KA', 'Shimoga', 'Shivamogga'),
  ('KA', 'Ramanagara', 'Bengaluru South'),
  ('KA', 'Koppala', 'Koppal');
--> statement-breakpoint
UPDATE "family_members" t SET "district" = r."current" FROM "district_renames" r WHERE t."state" = r."state" AND t."district" = r."former";
--> statement-breakpoint
UPDATE "lawyers" t SET "district" = r."current" FROM "district_renames" r WHERE t."state" = r."state" AND t."district" = r."former";
--> statement-breakpoint
UPDATE "ngos" t SET "district" = r."current" FROM "district_renames" r WHERE t."state" = r."state" AND t."district" = r."former";
--> statement-breakpoint
UPDATE "prisons" t SET "district" = r."current" FROM "district_renames" r WHERE t."state" = r."state" AND t."district" = r."former";
--> statement-breakpoint
UPDATE "users" t SET "scope_district" = r."current" FROM "district_renames" r WHERE t."scope_state" = r."state" AND t."scope_district" = r."former";
--> statement-breakpoint
UPDATE "registration_codes" t SET "district" = r."current" FROM "district_renames" r WHERE t."state" = r."state" AND t."district" = r."former";
