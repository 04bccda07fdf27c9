-- The audit log (issue 21): one row for every write to the agency, written in the write's own
-- transaction by shared::audit::record. Who (name and Discord id as they were), when, what
-- (kind, subject id, a readable title, the action) and the fields that changed. Discord
-- alerts, the personnel file and analytics read these rows; no feature keeps its own history.
CREATE TABLE audit_events (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    actor_name  TEXT NOT NULL,
    actor_id    TEXT,
    kind        TEXT NOT NULL,
    action      TEXT NOT NULL,
    subject_id  TEXT NOT NULL,
    title       TEXT NOT NULL,
    diff        JSONB NOT NULL
);
-- The view pages newest first, within a period, optionally by kind or by actor.
CREATE INDEX audit_events_at ON audit_events (at DESC, id DESC);
CREATE INDEX audit_events_kind_at ON audit_events (kind, at DESC, id DESC);
CREATE INDEX audit_events_actor_at ON audit_events (actor_id, at DESC, id DESC);

-- Settings of the agency that live with its data (one row). Audit rows older than the
-- retention are pruned by a job.
CREATE TABLE agency_settings (
    only_row              BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
    audit_retention_days  INTEGER NOT NULL DEFAULT 365 CHECK (audit_retention_days BETWEEN 30 AND 3650)
);
INSERT INTO agency_settings DEFAULT VALUES;
