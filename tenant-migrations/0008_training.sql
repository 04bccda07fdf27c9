-- Field training (command-and-reports §3): templates with ordered steps, and sessions that
-- copy a template's steps into a checklist for named FTOs and trainees.
CREATE TABLE training_templates (
    id           BIGSERIAL PRIMARY KEY,
    title        TEXT NOT NULL CHECK (btrim(title) <> ''),
    description  TEXT NOT NULL DEFAULT '',
    steps        JSONB NOT NULL DEFAULT '[]'::jsonb,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE training_sessions (
    id              BIGSERIAL PRIMARY KEY,
    template_id     BIGINT REFERENCES training_templates (id) ON DELETE SET NULL,
    template_title  TEXT NOT NULL,
    session_name    TEXT NOT NULL DEFAULT '',
    scheduled_at    TIMESTAMPTZ,
    notes           TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL DEFAULT 'scheduled',
    ftos            JSONB NOT NULL DEFAULT '[]'::jsonb,
    trainees        JSONB NOT NULL DEFAULT '[]'::jsonb,
    checklist       JSONB NOT NULL DEFAULT '[]'::jsonb,
    created_by      TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX training_sessions_recent ON training_sessions (id DESC);
CREATE INDEX training_sessions_trainees ON training_sessions USING gin (trainees jsonb_path_ops);
