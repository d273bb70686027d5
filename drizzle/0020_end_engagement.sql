-- Issue 25 placeholder: filled in by the change that owns 0020_end_engagement.
SELECT 1;
