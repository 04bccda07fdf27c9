-- Duty time (issue 24): shifts members clock in and out of (from the portal or the game server
-- through an API token), corrections supervisors make with a reason, the agency's limits, and
-- the agency's API tokens.

-- One shift of one member. At most one is open (no end) per member. A shift lasts at most 48
-- hours, so the shifts that overlap a window start at most 48 hours before it.
CREATE TABLE duty_shifts (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    roster_id    BIGINT NOT NULL REFERENCES roster (id) ON DELETE CASCADE,
    started_at   TIMESTAMPTZ NOT NULL,
    ended_at     TIMESTAMPTZ,
    -- The department or unit and the callsign the member named when going on duty.
    unit         TEXT NOT NULL DEFAULT '',
    callsign     TEXT NOT NULL DEFAULT '',
    -- Where it started: the portal, the game server (an API token), or command.
    source       TEXT NOT NULL CHECK (source IN ('portal', 'game', 'command')),
    started_by   TEXT NOT NULL,
    ended_by     TEXT,
    -- Closed by the portal after the agency's limit: the member forgot to clock out.
    auto_closed  BOOLEAN NOT NULL DEFAULT FALSE,
    corrected    BOOLEAN NOT NULL DEFAULT FALSE,
    -- The game server's request ids (`{token id}:{request id}`): a retried call finds its shift.
    in_key       TEXT,
    out_key      TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (ended_at IS NULL OR (ended_at >= started_at AND ended_at <= started_at + interval '48 hours'))
);
CREATE UNIQUE INDEX duty_shifts_open ON duty_shifts (roster_id) WHERE ended_at IS NULL;
CREATE INDEX duty_shifts_member ON duty_shifts (roster_id, started_at DESC);
CREATE INDEX duty_shifts_started ON duty_shifts (started_at);
CREATE UNIQUE INDEX duty_shifts_in_key ON duty_shifts (in_key) WHERE in_key IS NOT NULL;
CREATE UNIQUE INDEX duty_shifts_out_key ON duty_shifts (out_key) WHERE out_key IS NOT NULL;

-- Every correction of a shift: what it was, what it became, who and why. Kept for good.
CREATE TABLE duty_corrections (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    shift_id         BIGINT NOT NULL REFERENCES duty_shifts (id) ON DELETE CASCADE,
    started_before   TIMESTAMPTZ NOT NULL,
    ended_before     TIMESTAMPTZ,
    started_after    TIMESTAMPTZ NOT NULL,
    ended_after      TIMESTAMPTZ,
    reason           TEXT NOT NULL CHECK (btrim(reason) <> ''),
    corrected_by     TEXT NOT NULL,
    corrected_by_id  TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX duty_corrections_shift ON duty_corrections (shift_id, id);

-- Members announced inactive (`member.inactive`), and the last duty they were announced for:
-- going on duty again clears it, so the next quiet spell is announced again.
CREATE TABLE inactivity_notices (
    roster_id     BIGINT PRIMARY KEY REFERENCES roster (id) ON DELETE CASCADE,
    last_active   TIMESTAMPTZ NOT NULL,
    announced_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE agency_settings
    ADD COLUMN duty_auto_close_hours INT NOT NULL DEFAULT 12
        CHECK (duty_auto_close_hours BETWEEN 1 AND 48),
    -- NULL: nobody is marked inactive.
    ADD COLUMN inactive_after_days INT CHECK (inactive_after_days BETWEEN 1 AND 365);

-- The agency's API tokens: only a SHA-256 of the secret is kept; the secret is shown once.
CREATE TABLE api_tokens (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name           TEXT NOT NULL CHECK (btrim(name) <> ''),
    scopes         TEXT[] NOT NULL CHECK (cardinality(scopes) > 0),
    secret_hash    BYTEA NOT NULL UNIQUE,
    -- The secret's first characters, so command can tell tokens apart.
    hint           TEXT NOT NULL,
    created_by     TEXT NOT NULL,
    created_by_id  TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_used_at   TIMESTAMPTZ,
    revoked_at     TIMESTAMPTZ,
    revoked_by     TEXT
);
CREATE UNIQUE INDEX api_tokens_name ON api_tokens (lower(btrim(name))) WHERE revoked_at IS NULL;

-- Supervisor → On duty, like the other supervisor pages; Command → API tokens, High Command's.
INSERT INTO nav_permissions (nav_id, is_public, levels, roles, updated_by)
SELECT added.nav_id, false, source.levels, '{}', 'system'
FROM (VALUES ('supervisor_duty', 'supervisor_uof_review'), ('command_api_tokens', 'command_branding'))
     AS added (nav_id, like_nav)
JOIN nav_permissions AS source ON source.nav_id = added.like_nav
ON CONFLICT (nav_id) DO NOTHING;
