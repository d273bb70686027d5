-- On the embedded database a paper's bytes live in a file beside it, named by the document's id;
-- the row keeps its metadata and sha256 (docs/decisions/0019-papers-beside-the-embedded-database-files.md).
-- Rows stored before stay 'database' and are served from their row.
ALTER TABLE "documents" ADD COLUMN "storage" text DEFAULT 'database' NOT NULL;
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "bytes" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_bytes_where_stored" CHECK (("storage" = 'database') = ("bytes" is not null) and "storage" in ('database', 'file'));
