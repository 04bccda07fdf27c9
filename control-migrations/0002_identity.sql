-- Identity is global (a Discord account); what it may do is decided per agency.
CREATE TABLE users (
    discord_id     TEXT PRIMARY KEY,
    username       TEXT NOT NULL,
    discriminator  TEXT NOT NULL DEFAULT '0',
    global_name    TEXT,
    avatar         TEXT,
    -- Role ids the member holds in the community's Discord server, synced at sign-in.
    guild_roles    TEXT[] NOT NULL DEFAULT '{}',
    guild_nick     TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_login_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Server-side sessions (tower-sessions' Postgres store layout): any instance serves any request.
CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    data         BYTEA NOT NULL,
    expiry_date  TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_expiry_date ON sessions (expiry_date);
