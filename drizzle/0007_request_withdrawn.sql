ALTER TABLE "lawyer_requests" DROP CONSTRAINT "lawyer_requests_status_valid";--> statement-breakpoint
ALTER TABLE "lawyer_requests" ADD CONSTRAINT "lawyer_requests_status_valid" CHECK ("lawyer_requests"."status" in ('pending', 'accepted', 'rejected', 'withdrawn'));
