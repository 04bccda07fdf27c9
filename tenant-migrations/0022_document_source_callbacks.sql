-- Issue 28, Office files, from the security review: a version stored by the document editor's
-- save callback keeps the SHA-256 of the callback's signed token, and no document stores the
-- same token twice. A captured callback (a forced save, status 6, may be followed by others of
-- the same session) replayed within its token's few minutes then stores nothing, and the editor
-- sending a callback again after a lost answer is told it is done instead of making a copy.
--
-- Safe to run again (scripts/bench and tests/api/tenancy.rs replay the newest migration).
ALTER TABLE document_sources ADD COLUMN IF NOT EXISTS callback_digest BYTEA;
CREATE UNIQUE INDEX IF NOT EXISTS document_sources_callback_digest
    ON document_sources (document_id, callback_digest) WHERE callback_digest IS NOT NULL;
