-- Issue 28, stage 2: collaborative editing of a document's draft. The shared (Yjs) document
-- of each document being written together is kept as a compacted snapshot plus the updates
-- appended since; a portal restart or another instance loads both.

-- The updates editors sent, in the Yjs v1 encoding, appended one per update and relayed to
-- the other instances (NOTIFY names the row's id); folded into the snapshot when compacted.
CREATE TABLE IF NOT EXISTS document_collab_updates (
    id           BIGSERIAL PRIMARY KEY,
    document_id  TEXT NOT NULL,
    data         BYTEA NOT NULL,
    author       TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS document_collab_updates_document
    ON document_collab_updates (document_id, id);

-- One row per document that has a shared document: the snapshot (the whole state as one
-- update), and whether editors changed it since the draft was last written from it (and who
-- changed it last: the draft's author).
CREATE TABLE IF NOT EXISTS document_collab_states (
    document_id  TEXT PRIMARY KEY,
    snapshot     BYTEA NOT NULL,
    dirty        BOOLEAN NOT NULL DEFAULT false,
    dirty_by     TEXT,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Who wrote the draft since it was last published: every member whose change reached it,
-- typed live or saved; a publish keeps them with the version (`contributors`, in the order
-- they first wrote) and the next draft starts again.
CREATE TABLE IF NOT EXISTS document_draft_contributors (
    document_id  TEXT NOT NULL,
    name         TEXT NOT NULL,
    first_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (document_id, name)
);
ALTER TABLE document_versions ADD COLUMN IF NOT EXISTS contributors TEXT[] NOT NULL DEFAULT '{}';
