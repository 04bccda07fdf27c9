-- Personnel records (issue 23): qualifications that expire, leave of absence, the personnel
-- file, and command scoped to its own department.

-- The agency's catalogue of qualifications. A training template may grant one: completing a
-- session of it gives every trainee the qualification, granted by the session's FTO.
CREATE TABLE qualifications (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name           TEXT NOT NULL CHECK (btrim(name) <> ''),
    description    TEXT NOT NULL DEFAULT '',
    -- Days a grant lasts; NULL: it never expires.
    validity_days  INT CHECK (validity_days BETWEEN 1 AND 3650),
    badge          TEXT,
    template_id    BIGINT REFERENCES training_templates (id) ON DELETE SET NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX qualifications_name ON qualifications (lower(btrim(name)));
CREATE INDEX qualifications_template ON qualifications (template_id) WHERE template_id IS NOT NULL;

-- What a member holds: granted (by training or by hand), renewed in place by a new grant,
-- revoked with a reason. An expired one is shown as expired, never removed.
CREATE TABLE member_qualifications (
    id                  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    roster_id           BIGINT NOT NULL REFERENCES roster (id) ON DELETE CASCADE,
    qualification_id    BIGINT NOT NULL REFERENCES qualifications (id),
    granted_on          DATE NOT NULL,
    expires_on          DATE,
    granted_by          TEXT NOT NULL,
    granted_by_id       TEXT,
    source              TEXT NOT NULL CHECK (source IN ('training', 'command')),
    session_id          BIGINT,
    note                TEXT NOT NULL DEFAULT '',
    revoked_at          TIMESTAMPTZ,
    revoked_by          TEXT,
    revoke_reason       TEXT,
    expiry_notified_on  DATE,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX member_qualifications_held
    ON member_qualifications (roster_id, qualification_id) WHERE revoked_at IS NULL;
CREATE INDEX member_qualifications_expiry
    ON member_qualifications (expires_on) WHERE revoked_at IS NULL AND expires_on IS NOT NULL;

-- Leave of absence: requested by the member, approved or denied by a reviewer, cancelled by
-- the member while pending or not yet begun. While an approved leave runs, the member's roster
-- status is LOA; `previous_status` is what it was, put back when the leave ends.
CREATE TABLE leave_requests (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    roster_id        BIGINT NOT NULL REFERENCES roster (id) ON DELETE CASCADE,
    starts_on        DATE NOT NULL,
    ends_on          DATE NOT NULL CHECK (ends_on >= starts_on),
    reason           TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'approved', 'denied', 'cancelled')),
    requested_by     TEXT NOT NULL,
    requested_by_id  TEXT,
    decided_by       TEXT,
    decided_by_id    TEXT,
    decided_at       TIMESTAMPTZ,
    decision_note    TEXT,
    cancelled_at     TIMESTAMPTZ,
    previous_status  TEXT,
    started_at       TIMESTAMPTZ,
    ended_at         TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX leave_requests_member ON leave_requests (roster_id, starts_on DESC);
CREATE INDEX leave_requests_open ON leave_requests (status, starts_on) WHERE status IN ('pending', 'approved');
CREATE INDEX leave_requests_running ON leave_requests (ends_on)
    WHERE started_at IS NOT NULL AND ended_at IS NULL;

-- Entries command writes in a member's file. Never changed or deleted: a correction is a new
-- entry pointing at the one it corrects.
CREATE TABLE file_entries (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    roster_id    BIGINT NOT NULL REFERENCES roster (id),
    kind         TEXT NOT NULL
                 CHECK (kind IN ('commendation', 'counselling', 'written_warning', 'suspension', 'correction')),
    happened_on  DATE NOT NULL,
    text         TEXT NOT NULL CHECK (btrim(text) <> ''),
    visibility   TEXT NOT NULL CHECK (visibility IN ('command', 'member')),
    author       TEXT NOT NULL,
    author_id    TEXT,
    corrects_id  BIGINT REFERENCES file_entries (id),
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX file_entries_member ON file_entries (roster_id, happened_on DESC, id DESC);

CREATE FUNCTION file_entries_are_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'personnel file entries are never changed or deleted; write a correction';
END;
$$;
CREATE TRIGGER file_entries_are_kept BEFORE UPDATE OR DELETE ON file_entries
    FOR EACH ROW EXECUTE FUNCTION file_entries_are_kept();

-- Command scoped to its own department: members below High Command at one of the scoped levels
-- manage their own department only (its people, ranks, pools and catalogue access), unless they
-- hold a department role that grants agency-wide command. No level is scoped until High
-- Command scopes it, so agencies keep working as before.
ALTER TABLE agency_settings
    ADD COLUMN scoped_levels TEXT[] NOT NULL DEFAULT '{}',
    ADD COLUMN qualification_warning_days INT NOT NULL DEFAULT 14
        CHECK (qualification_warning_days BETWEEN 1 AND 365);
ALTER TABLE department_roles ADD COLUMN grants_agency_command BOOLEAN NOT NULL DEFAULT FALSE;

-- Who reviews leave requests: the Supervisor menu's Leave requests page.
INSERT INTO nav_permissions (nav_id, is_public, levels, roles, updated_by)
SELECT added.nav_id, false, source.levels, '{}', 'system'
FROM (VALUES ('supervisor_leave', 'supervisor_uof_review'), ('command_qualifications', 'command_logs'))
     AS added (nav_id, like_nav)
JOIN nav_permissions AS source ON source.nav_id = added.like_nav
ON CONFLICT (nav_id) DO NOTHING;

-- A member's file reads their roster logs.
CREATE INDEX rank_logs_member ON rank_logs (roster_id, ts DESC, id DESC);
CREATE INDEX hire_logs_member ON hire_logs (roster_id);
