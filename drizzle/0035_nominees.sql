CREATE TABLE "family_member_nominees" (
	"family_member_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"email" text,
	"phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_member_nominees_reachable" CHECK ("family_member_nominees"."email" is not null or "family_member_nominees"."phone" is not null)
);
--> statement-breakpoint
ALTER TABLE "family_member_nominees" ADD CONSTRAINT "family_member_nominees_family_member_id_family_members_user_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("user_id") ON DELETE cascade ON UPDATE no action;