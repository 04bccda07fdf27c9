-- Discord both ways (issue 22): the agency's own guild and bot, roles that follow the roster,
-- and alerts posted to its channels through webhooks.

-- The agency's Discord server and bot. The token is sealed with the deployment's key
-- (PORTAL_SECRET_KEY) and never answered; without a guild or a token of its own the agency
-- uses the deployment's (DISCORD_GUILD_ID, DISCORD_BOT_TOKEN). Roles follow the roster only
-- once command turns it on.
CREATE TABLE discord_settings (
    only_row          BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
    guild_id          TEXT,
    bot_token_sealed  BYTEA,
    sync_enabled      BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_by        TEXT
);
INSERT INTO discord_settings DEFAULT VALUES;

-- Which way a department role goes: the portal decides who holds it in Discord (the default),
-- or the community hands it out in Discord and the roster follows.
ALTER TABLE department_roles ADD COLUMN discord_direction TEXT NOT NULL DEFAULT 'to_discord'
    CHECK (discord_direction IN ('to_discord', 'from_discord'));

-- "Sync now": one run over every member, its progress counted from its jobs.
CREATE TABLE discord_sync_runs (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_by   TEXT NOT NULL,
    total        INT NOT NULL,
    finished_at  TIMESTAMPTZ
);

-- One member's roles to bring in line (by Discord id): after a roster change, in a run, or
-- after a sign-in. A job is claimed by one worker at a time (claimed_until), retried with
-- backoff, and keeps what it did.
CREATE TABLE discord_sync_jobs (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    discord_id       TEXT NOT NULL,
    run_id           BIGINT REFERENCES discord_sync_runs (id) ON DELETE CASCADE,
    reason           TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
    attempts         INT NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    claimed_until    TIMESTAMPTZ,
    result           JSONB,
    error            TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    done_at          TIMESTAMPTZ
);
-- A member waits in the queue once outside a run, however many changes come.
CREATE UNIQUE INDEX discord_sync_jobs_waiting ON discord_sync_jobs (discord_id)
    WHERE status = 'pending' AND run_id IS NULL;
CREATE INDEX discord_sync_jobs_due ON discord_sync_jobs (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX discord_sync_jobs_run ON discord_sync_jobs (run_id, status);

-- Where alerts go: Discord webhooks, each with the events it receives. The address holds the
-- webhook's token, so it is sealed like the bot token; `url_hint` is what the screens show.
CREATE TABLE webhooks (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        TEXT NOT NULL CHECK (btrim(name) <> ''),
    url_sealed  BYTEA NOT NULL,
    url_hint    TEXT NOT NULL,
    events      TEXT[] NOT NULL DEFAULT '{}',
    enabled     BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Writes waiting to be turned into alerts and role syncs: shared::audit::record adds one, in
-- the write's own transaction, while the agency has a webhook or role sync on; the worker
-- takes them (FOR UPDATE SKIP LOCKED) and deletes them in the transaction that queues their
-- deliveries and jobs.
CREATE TABLE event_outbox (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    audit_id    BIGINT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One alert for one webhook: its message as it will be posted, claimed by one worker at a
-- time, retried with backoff; the last of them are the Alerts screen's delivery log.
CREATE TABLE webhook_deliveries (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id       BIGINT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event            TEXT NOT NULL,
    title            TEXT NOT NULL,
    payload          JSONB NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts         INT NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    claimed_until    TIMESTAMPTZ,
    last_error       TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at          TIMESTAMPTZ
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (created_at DESC, id DESC);

-- Where the agency's Discord guild and alerts live: the Discord and Alerts pages (Command).
-- Agencies that exist already get them with the levels of their Logs page.
INSERT INTO nav_permissions (nav_id, is_public, levels, roles, updated_by)
SELECT added.nav_id, false, logs.levels, '{}', 'system'
FROM nav_permissions AS logs
CROSS JOIN (VALUES ('command_discord'), ('command_alerts')) AS added (nav_id)
WHERE logs.nav_id = 'command_logs'
ON CONFLICT (nav_id) DO NOTHING;
