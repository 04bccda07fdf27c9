-- Lists that are saved whole (catalogues: vehicles, equipment, uniforms, documents, penal
-- codes): one row per list, replaced atomically under a version check.
CREATE TABLE whole_lists (
    name        TEXT PRIMARY KEY,
    items       JSONB NOT NULL DEFAULT '[]'::jsonb,
    version     INTEGER NOT NULL DEFAULT 0,
    updated_at  TIMESTAMPTZ,
    updated_by  TEXT
);

-- Every status change of a reviewed report (use of force, arrests), oldest first.
CREATE TABLE review_history (
    id           BIGSERIAL PRIMARY KEY,
    report_kind  TEXT NOT NULL,
    report_id    BIGINT NOT NULL,
    from_status  TEXT,
    to_status    TEXT NOT NULL,
    actor        TEXT NOT NULL,
    actor_id     TEXT,
    notes        TEXT,
    at           TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX review_history_report ON review_history (report_kind, report_id, id);
