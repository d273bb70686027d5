-- Placeholder: filled in by the change that owns 0021_outbox_priority.
SELECT 1;
