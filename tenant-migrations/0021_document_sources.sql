-- Issue 28, stage 3: a document may have an Office file (.docx or .pptx) as its source. Every
-- version of that file is kept: its number (from 1 per document, never reused, also after the
-- source was removed and attached again), who stored it (a manager's upload or the editor's
-- save callback), when, its size, and where the bytes are in the media store
-- (`documents/<agency>/<uuid>.<kind>`, never served under /media). The current source is the
-- document's newest version unless that one was removed.
--
-- Safe to run again (scripts/bench and tests/api/tenancy.rs replay the newest migration).
CREATE TABLE IF NOT EXISTS document_sources (
    document_id  TEXT NOT NULL,
    version      INTEGER NOT NULL CHECK (version > 0),
    kind         TEXT NOT NULL CHECK (kind IN ('docx', 'pptx')),
    file_name    TEXT NOT NULL,
    storage_key  TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL CHECK (size_bytes > 0),
    author       TEXT NOT NULL,
    author_id    TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    removed_at   TIMESTAMPTZ,
    removed_by   TEXT,
    -- A save of the document editor: the key of its editing session and the callback's
    -- status (6: a forced save, after which the same session may save again; 2: the final
    -- save). Both are empty for an upload.
    editor_key   TEXT,
    saved_status SMALLINT CHECK (saved_status IN (2, 6)),
    PRIMARY KEY (document_id, version)
);
