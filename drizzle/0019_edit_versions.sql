-- Issue 25 placeholder: filled in by the change that owns 0019_edit_versions.
SELECT 1;
