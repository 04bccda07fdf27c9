-- Analytics (issue 25): what the period-bounded figures of Command → Analytics read through
-- an index, the day a session was completed, and who sees the page. Written so that running
-- it again changes nothing (scripts/bench re-runs the newest migration in every schema).

-- A report's day as its filer wrote it (`2026-11-20`, `2026-11-20T21:30`, RFC 3339: the first
-- ten characters, the day in the filer's own time), or NULL when the text holds no real day
-- (rows filed before dates were checked). Never raises, so no stored row can break a figure.
CREATE OR REPLACE FUNCTION report_day(raw TEXT) RETURNS DATE
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
    y INT;
    m INT;
    d INT;
    day DATE;
BEGIN
    IF raw !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN
        RETURN NULL;
    END IF;
    y := substr(raw, 1, 4)::INT;
    m := substr(raw, 6, 2)::INT;
    d := substr(raw, 9, 2)::INT;
    IF y < 1 OR m NOT BETWEEN 1 AND 12 OR d NOT BETWEEN 1 AND 31 THEN
        RETURN NULL;
    END IF;
    day := make_date(y, m, 1) + (d - 1);
    IF extract(MONTH FROM day) <> m THEN
        RETURN NULL; -- 31 April and the like
    END IF;
    RETURN day;
END;
$$;

-- Reports are counted by the day of the incident (an arrest's date, a ticket's issue date), not
-- by the time they were filed; kept as a column so a period is an index range.
ALTER TABLE reports
    ADD COLUMN IF NOT EXISTS incident_day DATE GENERATED ALWAYS AS (report_day(incident_date)) STORED;
CREATE INDEX IF NOT EXISTS reports_incident_day ON reports (kind, incident_day);
-- Review decisions of a period, and the filer's department (reports → roster by Discord id).
CREATE INDEX IF NOT EXISTS review_history_at ON review_history (at);

-- When a session became completed (NULL while it is not). The training store sets it when the
-- status becomes completed and clears it when it leaves completed; sessions completed before
-- the column existed take their last change, the closest the data holds.
ALTER TABLE training_sessions ADD COLUMN IF NOT EXISTS completed_at TIMESTAMPTZ;
UPDATE training_sessions SET completed_at = updated_at
 WHERE status = 'completed' AND completed_at IS NULL;
CREATE INDEX IF NOT EXISTS training_sessions_scheduled
    ON training_sessions ((COALESCE(scheduled_at, created_at)));
CREATE INDEX IF NOT EXISTS training_sessions_completed
    ON training_sessions (completed_at) WHERE completed_at IS NOT NULL;

-- Qualifications granted in a period.
CREATE INDEX IF NOT EXISTS member_qualifications_granted ON member_qualifications (granted_on);
-- Hires of a period (the roster's hire date).
CREATE INDEX IF NOT EXISTS roster_hire_date ON roster (hire_date);

-- Command → Analytics, seen by the levels that see Command → Logs.
INSERT INTO nav_permissions (nav_id, is_public, levels, roles, updated_by)
SELECT 'command_analytics', false, source.levels, '{}', 'system'
FROM nav_permissions AS source WHERE source.nav_id = 'command_logs'
ON CONFLICT (nav_id) DO NOTHING;
