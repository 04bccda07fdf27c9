-- Spare agency schemas (issue 29): each a schema and its role, built ahead by a serving
-- instance with every tenant migration of `version` applied and no data, so that provisioning
-- renames one to the new agency's (in its own transaction) instead of building ~220 relations
-- on the request. A spare belongs to no agency: nothing reads it until it is renamed.
CREATE TABLE spare_schemas (
    name       TEXT PRIMARY KEY,  -- the schema's name
    role       TEXT NOT NULL UNIQUE,
    version    BIGINT NOT NULL,   -- the newest tenant migration applied in it
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX spare_schemas_version ON spare_schemas (version, created_at);
