-- Audit rows of writes to the control database (issue 21): an agency's branding, visibility and
-- other registry settings live here, not in its schema, and the agency's schema may be on
-- another server. Such a write puts its audit row here in its own transaction; the row is then
-- relayed into the agency's `audit_events` (keyed by this id, so a relay that runs twice adds
-- it once) and deleted here (shared::audit::relay).
CREATE TABLE audit_outbox (
    id          BIGSERIAL PRIMARY KEY,
    agency_id   BIGINT NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
    at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    actor_name  TEXT NOT NULL,
    actor_id    TEXT,
    kind        TEXT NOT NULL,
    action      TEXT NOT NULL,
    subject_id  TEXT NOT NULL,
    title       TEXT NOT NULL,
    diff        JSONB NOT NULL
);
CREATE INDEX audit_outbox_agency ON audit_outbox (agency_id, id);
