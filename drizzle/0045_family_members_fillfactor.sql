-- Room on each page of family_members for a rewritten card (docs/decisions/0063-family-members-fillfactor.md):
-- an owner's edit (an NGO's 5,000 members, a lawyer's 2,000 clients) rewrites only the stored cards, a
-- column no index reads, so the new row versions can stay on their page (a HOT update) without an entry
-- in each of the table's 25 indexes, when the page has room. New pages are filled to 70 %; existing rows
-- move to such pages only when the table is rewritten (VACUUM FULL, or pg_repack while the app runs).
ALTER TABLE "family_members" SET (fillfactor = 70);
