-- The access log (docs/decisions/0049-access-log.md): who read or changed a prisoner's record, case,
-- documents or export, when, in which role. One row a request (a list names the records it showed in
-- "shown"). Read by prisoner for the family's "who looked at my case" and by actor for the
-- administrator's breach question, each an index range in time order; retention deletes by time.
-- The trigger that keeps it append-only is drizzle/objects/functions/access_log_append_only.sql.
CREATE TABLE "access_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"what" text NOT NULL,
	"prisoner_id" uuid,
	"member_id" uuid,
	"shown" uuid[],
	"ref" text,
	CONSTRAINT "access_log_action_valid" CHECK ("access_log"."action" in ('read', 'list', 'download', 'export', 'change'))
);
--> statement-breakpoint
CREATE INDEX "access_log_prisoner_idx" ON "access_log" USING btree ("prisoner_id","at","id") WHERE "access_log"."prisoner_id" is not null;--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "access_log_at_idx" ON "access_log" USING btree ("at");