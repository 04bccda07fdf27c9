-- Recruitment (issue 26): application forms (their questions in order, their stages, who
-- reviews them), the applications people without a roster entry send, and what reviewers keep
-- of each (internal notes, one vote per reviewer). Hiring puts the applicant on the roster.

-- A form. Its questions are one ordered list (saved whole with the form): each has an id the
-- answers keep, a label, a kind (short_text, long_text, choice, multiple_choice, yes_no,
-- number, date), whether it is required, and the options of a choice. Reviewers: the levels
-- (at or above) and department roles named; none named, whoever sees the Applications page.
CREATE TABLE application_forms (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title            TEXT NOT NULL CHECK (btrim(title) <> ''),
    description      TEXT NOT NULL DEFAULT '',
    is_open          BOOLEAN NOT NULL DEFAULT FALSE,
    questions        JSONB NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(questions) = 'array'),
    reviewer_levels  TEXT[] NOT NULL DEFAULT '{}',
    reviewer_roles   TEXT[] NOT NULL DEFAULT '{}',
    version          INT NOT NULL DEFAULT 1,
    created_by       TEXT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_by       TEXT NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX application_forms_open ON application_forms (id) WHERE is_open;

-- The stages of a form, in order. The kind keeps what a stage means whatever it is called:
-- open (Submitted, Interview), accepted (may be hired) or denied (the applicant may apply
-- again). New applications land in the first open stage.
CREATE TABLE application_stages (
    id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    form_id   BIGINT NOT NULL REFERENCES application_forms (id) ON DELETE CASCADE,
    name      TEXT NOT NULL CHECK (btrim(name) <> ''),
    kind      TEXT NOT NULL CHECK (kind IN ('open', 'accepted', 'denied')),
    position  INT NOT NULL,
    UNIQUE (form_id, id, kind)
);
CREATE UNIQUE INDEX application_stages_name ON application_stages (form_id, lower(btrim(name)));
CREATE INDEX application_stages_form ON application_stages (form_id, position);

-- One application of one Discord account to one form. The stage's kind is kept beside it (and
-- follows the stage), so one open application per form and person is an index: a denied one,
-- or one whose applicant was hired, does not count. Answers keep each question's label and kind as they were when sent.
CREATE TABLE applications (
    id                  BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    form_id             BIGINT NOT NULL REFERENCES application_forms (id),
    stage_id            BIGINT NOT NULL,
    stage_kind          TEXT NOT NULL,
    applicant_id        TEXT NOT NULL CHECK (btrim(applicant_id) <> ''),
    discord_name        TEXT NOT NULL,
    display_name        TEXT NOT NULL,
    -- When the Discord account was made (from its id): reviewers weigh new accounts.
    account_created_at  TIMESTAMPTZ NOT NULL,
    answers             JSONB NOT NULL CHECK (jsonb_typeof(answers) = 'array'),
    -- Shown to the applicant while the application is denied.
    denial_reason       TEXT,
    decided_by          TEXT,
    decided_at          TIMESTAMPTZ,
    hired_roster_id     BIGINT REFERENCES roster (id) ON DELETE SET NULL,
    hired_by            TEXT,
    hired_at            TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    FOREIGN KEY (form_id, stage_id, stage_kind)
        REFERENCES application_stages (form_id, id, kind) ON UPDATE CASCADE
);
CREATE UNIQUE INDEX applications_one_open
    ON applications (form_id, applicant_id) WHERE stage_kind <> 'denied' AND hired_at IS NULL;
CREATE INDEX applications_board ON applications (form_id, stage_id, created_at);
CREATE INDEX applications_applicant ON applications (applicant_id, created_at DESC);

-- Reviewers' internal notes: never shown to the applicant.
CREATE TABLE application_notes (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id  BIGINT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    body            TEXT NOT NULL CHECK (btrim(body) <> ''),
    author          TEXT NOT NULL,
    author_id       TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX application_notes_application ON application_notes (application_id, id);

-- One vote per reviewer (by Discord id) per application, changed in place.
CREATE TABLE application_votes (
    application_id  BIGINT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    voter_id        TEXT NOT NULL,
    voter_name      TEXT NOT NULL,
    vote            TEXT NOT NULL CHECK (vote IN ('for', 'against')),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (application_id, voter_id)
);

-- Command → Recruitment, seen by the levels that see Command → Logs; Supervisor →
-- Applications, like the other supervisor pages.
INSERT INTO nav_permissions (nav_id, is_public, levels, roles, updated_by)
SELECT added.nav_id, false, source.levels, '{}', 'system'
FROM (VALUES ('command_recruitment', 'command_logs'), ('supervisor_applications', 'supervisor_uof_review'))
     AS added (nav_id, like_nav)
JOIN nav_permissions AS source ON source.nav_id = added.like_nav
ON CONFLICT (nav_id) DO NOTHING;
