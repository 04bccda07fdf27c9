-- Use-of-force reports (command-and-reports §3): the form's fields, the review state and
-- signature, and who filed it. The incident number is allocated by the server when the form
-- leaves it blank and is unique within the agency.
CREATE TABLE use_of_force_reports (
    id                       BIGSERIAL PRIMARY KEY,
    incident_number          TEXT NOT NULL CONSTRAINT use_of_force_incident_number_key UNIQUE,
    incident_date            TEXT NOT NULL,
    location                 TEXT NOT NULL,
    -- Every other field of the form (officers, subject, force, witnesses, evidence, narrative).
    body                     JSONB NOT NULL,
    status                   TEXT NOT NULL DEFAULT 'pending',
    supervisor               TEXT,
    supervisor_notes         TEXT,
    supervisor_signed_by     TEXT,
    supervisor_signed_by_id  TEXT,
    supervisor_signed_at     TIMESTAMPTZ,
    filed_by                 TEXT NOT NULL,
    filed_by_id              TEXT,
    created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX use_of_force_reports_status ON use_of_force_reports (status, id DESC);
CREATE INDEX use_of_force_reports_filer ON use_of_force_reports (filed_by_id, id DESC);
