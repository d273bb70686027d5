-- Issue 25 placeholder: filled in by the change that owns 0018_security_holes.
SELECT 1;
