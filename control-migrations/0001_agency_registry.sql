-- The agency registry: one row per tenant, and where its data lives.
CREATE TABLE agencies (
    id                BIGSERIAL PRIMARY KEY,
    slug              TEXT NOT NULL UNIQUE
                      CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$'),
    name              TEXT NOT NULL CHECK (btrim(name) <> ''),
    short_name        TEXT,
    domain            TEXT,
    description       TEXT,
    long_description  TEXT,
    flags             JSONB NOT NULL DEFAULT '{}'::jsonb,
    theme             JSONB NOT NULL DEFAULT '{}'::jsonb,
    links             JSONB NOT NULL DEFAULT '{}'::jsonb,
    -- Postgres schema holding the agency's tables, and the role its pool runs as.
    schema_name       TEXT NOT NULL UNIQUE,
    db_role           TEXT NOT NULL UNIQUE,
    -- NULL: the control plane's own server. Otherwise the Postgres server holding the schema.
    database_url      TEXT,
    -- Latest tenant migration applied to the schema; bumping it rebuilds the agency's pools.
    schema_version    BIGINT NOT NULL DEFAULT 0,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX agencies_domain_lower ON agencies (lower(domain));

-- Every change to the registry is announced, so every running instance drops its cached copy
-- (and the pool of the agency that changed).
CREATE FUNCTION agencies_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('portal_registry', COALESCE(NEW.id, OLD.id)::text);
    RETURN NULL;
END;
$$;

CREATE TRIGGER agencies_notify
    AFTER INSERT OR UPDATE OR DELETE ON agencies
    FOR EACH ROW EXECUTE FUNCTION agencies_notify();
