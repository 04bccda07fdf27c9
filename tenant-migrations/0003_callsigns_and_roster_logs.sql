-- Callsign pools per rank name, and the roster's change history.
CREATE TABLE callsign_pools (
    rank_name   TEXT PRIMARY KEY,
    -- [{"type": "numeric", "prefix": "A", "start": 100, "end": 199}, ...]
    pools       JSONB NOT NULL DEFAULT '[]'::jsonb,
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per changed field of a roster edit; rows of one edit share change_id.
CREATE TABLE rank_logs (
    id               BIGSERIAL PRIMARY KEY,
    change_id        UUID NOT NULL,
    ts               TIMESTAMPTZ NOT NULL DEFAULT now(),
    roster_id        BIGINT NOT NULL,
    roster_name      TEXT NOT NULL,
    roster_callsign  TEXT,
    roster_rank      TEXT,
    actor_display    TEXT NOT NULL,
    actor_user_id    TEXT,
    field            TEXT NOT NULL,
    before_value     TEXT,
    after_value      TEXT
);
CREATE INDEX rank_logs_newest ON rank_logs (ts DESC, id DESC);

CREATE TABLE hire_logs (
    id               BIGSERIAL PRIMARY KEY,
    ts               TIMESTAMPTZ NOT NULL DEFAULT now(),
    roster_id        BIGINT NOT NULL,
    roster_name      TEXT NOT NULL,
    callsign         TEXT,
    roster_rank      TEXT,
    actor_display    TEXT NOT NULL,
    actor_user_id    TEXT,
    status           TEXT NOT NULL,
    department_id    TEXT,
    rank_id          TEXT,
    sub_dept_id      TEXT,
    roles            TEXT[] NOT NULL DEFAULT '{}'
);
CREATE INDEX hire_logs_newest ON hire_logs (ts DESC, id DESC);
