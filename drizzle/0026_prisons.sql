-- Prisons become records, officials get a scope (docs/decisions/0046-prisoner-and-prisons.md).
-- A prison: state and district from the fixed list (shared/india-locations.ts), its type, address
-- and phone, and the district's legal services authority (DLSA) that must hear of its prisoners.
ALTER TABLE "prisons" ADD COLUMN "state" text;
--> statement-breakpoint
ALTER TABLE "prisons" ADD COLUMN "type" text DEFAULT 'district' NOT NULL;
--> statement-breakpoint
ALTER TABLE "prisons" ADD COLUMN "address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "prisons" ADD COLUMN "phone" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "prisons" ADD COLUMN "dlsa_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "prisons" ADD COLUMN "dlsa_address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "prisons" ADD COLUMN "dlsa_phone" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "prisons" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "prisons" ADD CONSTRAINT "prisons_type_valid" CHECK ("type" in ('central', 'district', 'sub-jail', 'special'));
--> statement-breakpoint
CREATE INDEX "prisons_district_idx" ON "prisons" ("state", "district", lower("name"));
--> statement-breakpoint
-- Two more roles: the state's administrator and the district's legal services authority.
ALTER TABLE "users" DROP CONSTRAINT "users_role_valid";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_valid" CHECK ("role" in ('Family-Member', 'Lawyer', 'Jail-Authority', 'DLSA', 'State-Administrator'));
--> statement-breakpoint
-- A Jail-Authority's prison (null: an account from the deployment-wide code, before prisons had codes);
-- a DLSA's state and district; when the administrator disabled the account (no session starts).
ALTER TABLE "users" ADD COLUMN "prison_id" uuid;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_prison_id_prisons_id_fk" FOREIGN KEY ("prison_id") REFERENCES "public"."prisons"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scope_state" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scope_district" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_prison_only_jail" CHECK ("prison_id" is null or "role" = 'Jail-Authority');
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_scope_only_dlsa" CHECK (("scope_district" is null and "scope_state" is null) or ("role" = 'DLSA' and "scope_district" is not null and "scope_state" is not null));
--> statement-breakpoint
CREATE INDEX "users_prison_idx" ON "users" ("prison_id") WHERE "prison_id" is not null;
--> statement-breakpoint
-- Registration codes the administrator issues: a Jail-Authority's names its prison, a DLSA's its district.
-- Only the sha256 of a code is kept; it is shown once when issued.
CREATE TABLE "registration_codes" (
  "id" text PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "prison_id" uuid,
  "state" text,
  "district" text,
  "issued_by" uuid,
  "issued_at" timestamp with time zone DEFAULT now() NOT NULL,
  "revoked_at" timestamp with time zone,
  CONSTRAINT "registration_codes_kind_valid" CHECK ("kind" in ('jail', 'dlsa')),
  CONSTRAINT "registration_codes_scope" CHECK (("kind" = 'jail' and "prison_id" is not null) or ("kind" = 'dlsa' and "state" is not null and "district" is not null))
);
--> statement-breakpoint
ALTER TABLE "registration_codes" ADD CONSTRAINT "registration_codes_prison_id_prisons_id_fk" FOREIGN KEY ("prison_id") REFERENCES "public"."prisons"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "registration_codes" ADD CONSTRAINT "registration_codes_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "registration_codes_one_per_prison" ON "registration_codes" ("prison_id") WHERE "kind" = 'jail' and "revoked_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "registration_codes_one_per_district" ON "registration_codes" ("state", "district") WHERE "kind" = 'dlsa' and "revoked_at" is null;
