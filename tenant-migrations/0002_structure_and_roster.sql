-- Organisation: departments with their ranks, sub-departments and roles, and the roster.
CREATE TABLE departments (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL CHECK (btrim(name) <> ''),
    role_id     TEXT,
    position    INT NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ranks (
    id             TEXT PRIMARY KEY,
    department_id  TEXT NOT NULL REFERENCES departments (id),
    name           TEXT NOT NULL CHECK (btrim(name) <> ''),
    role_id        TEXT,
    level          TEXT NOT NULL,
    insignia       TEXT,
    position       INT NOT NULL DEFAULT 0
);
CREATE INDEX ranks_department ON ranks (department_id, position);

CREATE TABLE sub_departments (
    id             TEXT PRIMARY KEY,
    department_id  TEXT NOT NULL REFERENCES departments (id),
    name           TEXT NOT NULL CHECK (btrim(name) <> ''),
    role_id        TEXT,
    position       INT NOT NULL DEFAULT 0
);
CREATE INDEX sub_departments_department ON sub_departments (department_id, position);

CREATE TABLE department_roles (
    id               TEXT PRIMARY KEY,
    department_id    TEXT NOT NULL REFERENCES departments (id),
    name             TEXT NOT NULL CHECK (btrim(name) <> ''),
    discord_role_id  TEXT,
    position         INT NOT NULL DEFAULT 0
);
CREATE INDEX department_roles_department ON department_roles (department_id, position);

CREATE TABLE roster (
    id                BIGSERIAL PRIMARY KEY,
    name              TEXT NOT NULL CHECK (btrim(name) <> ''),
    callsign          TEXT,
    region            TEXT,
    status            TEXT NOT NULL DEFAULT 'Active'
                      CHECK (status IN ('Active', 'Inactive', 'Suspended', 'LOA')),
    discord_id        TEXT,
    department_id     TEXT REFERENCES departments (id),
    rank_id           TEXT REFERENCES ranks (id),
    sub_dept_id       TEXT REFERENCES sub_departments (id),
    roles             TEXT[] NOT NULL DEFAULT '{}',
    hire_date         DATE NOT NULL DEFAULT CURRENT_DATE,
    rank_change_date  DATE,
    -- Optimistic concurrency: an edit must name the version it started from.
    version           INT NOT NULL DEFAULT 1,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roster_callsign_unique ON roster (upper(callsign))
    WHERE callsign IS NOT NULL AND callsign <> '';
-- Matching a signed-in Discord account to its roster entry (by id or tag, else by name).
CREATE INDEX roster_discord_key ON roster (lower(btrim(discord_id)));
CREATE INDEX roster_name_key ON roster (lower(btrim(name)));
CREATE INDEX roster_rank ON roster (rank_id);
