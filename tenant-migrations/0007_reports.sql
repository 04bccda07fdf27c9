-- Filed reports of every kind (use of force, arrests, tickets): the number, date and place a
-- list shows, the rest of the form as JSON, the review state and signature, and who filed
-- it. Numbers are allocated by the server when the form leaves them blank and are unique per
-- kind within the agency.
CREATE TABLE reports (
    id                       BIGSERIAL PRIMARY KEY,
    kind                     TEXT NOT NULL,
    number                   TEXT NOT NULL,
    incident_date            TEXT NOT NULL,
    location                 TEXT NOT NULL,
    body                     JSONB NOT NULL,
    status                   TEXT NOT NULL,
    supervisor               TEXT,
    supervisor_notes         TEXT,
    supervisor_signed_by     TEXT,
    supervisor_signed_by_id  TEXT,
    supervisor_signed_at     TIMESTAMPTZ,
    filed_by                 TEXT NOT NULL,
    filed_by_id              TEXT,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT reports_number_key UNIQUE (kind, number)
);
CREATE INDEX reports_status ON reports (kind, status, id DESC);
CREATE INDEX reports_filer ON reports (kind, filed_by_id, id DESC);
