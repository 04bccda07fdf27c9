-- The last action taken on a person (e.g. "Promotion") and why, shown as Notes on the profile.
ALTER TABLE roster ADD COLUMN last_action TEXT, ADD COLUMN last_reason TEXT;
