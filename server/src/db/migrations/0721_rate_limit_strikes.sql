-- Issue 24: progressive throttling. `strikes` counts the windows in which a key went over its limit; a key whose
-- limit is progressive (sign-in per e-mail) waits window × 2^(strikes-1) after each new strike, up to a day.
-- A key quiet for a day starts again from zero (rows are swept a day after their window).
ALTER TABLE rate_limits ADD COLUMN strikes integer NOT NULL DEFAULT 0;
