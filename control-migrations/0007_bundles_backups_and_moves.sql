-- Bundles, backups and moves (issue 27).

-- While an agency moves to another Postgres server its writes are paused: every instance reads
-- this from the registry (NOTIFY drops stale copies) and answers writes 503 with Retry-After.
-- NULL: writable.
ALTER TABLE agencies ADD COLUMN read_only_since TIMESTAMPTZ;

-- An agency's scheduled backups. No row: the deployment's defaults (PORTAL_BACKUP_EVERY_HOURS,
-- PORTAL_BACKUP_KEEP). every_hours NULL: no scheduled backups for this agency.
CREATE TABLE agency_backup_settings (
    agency_id    BIGINT PRIMARY KEY REFERENCES agencies (id) ON DELETE CASCADE,
    every_hours  INT CHECK (every_hours BETWEEN 1 AND 168),
    keep         INT NOT NULL CHECK (keep BETWEEN 1 AND 100),
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_by   TEXT
);

-- The backups written to the media store (under backups/<agency id>/), newest kept.
CREATE TABLE agency_backups (
    agency_id   BIGINT NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    size_bytes  BIGINT NOT NULL,
    -- Rows per table, from the bundle's manifest.
    counts      JSONB NOT NULL,
    PRIMARY KEY (agency_id, name)
);
CREATE INDEX agency_backups_newest ON agency_backups (agency_id, created_at DESC);
