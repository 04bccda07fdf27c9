-- Navigation permissions of the agency: who may see each page, and which items the root
-- agency has locked. Unqualified names: the migrator runs with search_path = the agency schema.
CREATE TABLE nav_permissions (
    nav_id      TEXT PRIMARY KEY,
    is_public   BOOLEAN NOT NULL DEFAULT false,
    levels      TEXT[] NOT NULL DEFAULT '{}',
    roles       TEXT[] NOT NULL DEFAULT '{}',
    locked      BOOLEAN NOT NULL DEFAULT false,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_by  TEXT
);
