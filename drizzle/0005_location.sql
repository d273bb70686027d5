ALTER TABLE "family_members" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "ngos" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "ngos" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_location_pair" CHECK (("family_members"."state" is null) = ("family_members"."district" is null));--> statement-breakpoint
ALTER TABLE "lawyers" ADD CONSTRAINT "lawyers_location_pair" CHECK (("lawyers"."state" is null) = ("lawyers"."district" is null));--> statement-breakpoint
ALTER TABLE "ngos" ADD CONSTRAINT "ngos_location_pair" CHECK (("ngos"."state" is null) = ("ngos"."district" is null));
