-- Analytics load for scripts/bench (issue 25): one agency grows to :members people with a
-- year of history and :reports reports, all made by Postgres (INSERT ... SELECT over
-- generate_series), so a hundred thousand rows take seconds. Deterministic: the same sizes
-- give the same data. Run as
--   psql -v schema=agency_x -v members=2000 -v reports=100000 -f bench-analytics.sql
\set ON_ERROR_STOP on
SET search_path TO :"schema";
BEGIN;

-- People: up to :members on the roster, over every rank of the structure, hired over four
-- years, one in thirteen gone (Inactive), one in twenty-nine on leave.
WITH k AS (SELECT id, department_id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total
             FROM ranks),
     need AS (SELECT GREATEST(:members - (SELECT count(*) FROM roster), 0) AS n)
INSERT INTO roster (name, discord_id, department_id, rank_id, status, hire_date, rank_change_date)
SELECT 'Analytics Member ' || g, (400000000000000000 + g)::text, k.department_id, k.id,
       CASE WHEN g % 13 = 0 THEN 'Inactive' WHEN g % 29 = 0 THEN 'LOA' ELSE 'Active' END,
       current_date - (g * 7 % 1400)::int, current_date - (g * 3 % 300)::int
  FROM need, generate_series(1, need.n) g
  JOIN k ON k.n = g % k.total;

-- Reports over the last year: two in five arrests, two in five tickets, one in five use of
-- force, filed by the people above at their incident's time, in every review state.
WITH filers AS (SELECT name, discord_id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total
                  FROM roster WHERE discord_id IS NOT NULL),
     made AS (
         SELECT g, CASE g % 5 WHEN 0 THEN 'use_of_force' WHEN 1 THEN 'ticket' WHEN 2 THEN 'ticket'
                              ELSE 'arrest' END AS kind,
                date_trunc('minute', now()) - make_interval(mins => (g * 7919 % 525600)::int) AS at
           FROM generate_series(1, :reports) g)
INSERT INTO reports (kind, number, incident_date, location, body, status, filed_by, filed_by_id, created_at, updated_at)
SELECT m.kind, (1000000 + m.g)::text, to_char(m.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI'), 'Bench Street',
       CASE WHEN m.kind = 'use_of_force' THEN jsonb_build_object('forceTypes',
                jsonb_build_array((ARRAY['Verbal Commands','Control Holds','OC Spray','Taser','Baton','Firearm','K9','Other'])[1 + m.g % 8])
                || CASE WHEN m.g % 3 = 0 THEN '["Verbal Commands"]'::jsonb ELSE '[]'::jsonb END)
            ELSE '{}'::jsonb END,
       CASE m.kind
           WHEN 'ticket' THEN 'issued'
           WHEN 'arrest' THEN (ARRAY['approved','approved','returned','pending','under_review','approved','approved'])[1 + m.g % 7]
           ELSE (ARRAY['in_policy','in_policy','out_of_policy','pending','under_review','in_policy'])[1 + m.g % 6] END,
       f.name, f.discord_id, m.at + interval '20 minutes', m.at + interval '20 minutes'
  FROM made m JOIN filers f ON f.n = m.g % f.total;

-- A decision for every decided report, by one of twenty reviewers, minutes to three days after
-- filing; one in four approved arrests was returned first and refiled (those rows come first,
-- as they happened).
INSERT INTO review_history (report_kind, report_id, from_status, to_status, actor, at)
SELECT r.kind, r.id, s.from_status, s.to_status, s.actor, r.created_at + s.after
  FROM reports r
 CROSS JOIN LATERAL (VALUES ('under_review', 'returned', 'Reviewer ' || (r.id % 20), interval '5 hours'),
                            ('returned', 'pending', r.filed_by, interval '20 hours')) AS s (from_status, to_status, actor, after)
 WHERE r.number ~ '^1[0-9]{6}$' AND r.kind = 'arrest' AND r.status = 'approved' AND r.id % 4 = 0;
INSERT INTO review_history (report_kind, report_id, from_status, to_status, actor, at)
SELECT kind, id, 'under_review', status, 'Reviewer ' || (id % 20),
       created_at + CASE WHEN kind = 'arrest' AND status = 'approved' AND id % 4 = 0 THEN interval '30 hours'
                         ELSE make_interval(mins => (id * 37 % 4320)::int) END
  FROM reports WHERE number ~ '^1[0-9]{6}$' AND status IN ('approved', 'returned', 'in_policy', 'out_of_policy');

-- Roster changes over the year: promotions and demotions between ranks, departures.
WITH k AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM ranks),
     people AS (SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS n FROM roster)
INSERT INTO rank_logs (change_id, ts, roster_id, roster_name, actor_display, field, before_value, after_value)
SELECT gen_random_uuid(), now() - make_interval(days => (p.n * 11 % 365)::int), p.id, p.name, 'Bench',
       'rankId', b.id, a.id
  FROM people p JOIN k b ON b.n = p.n % b.total JOIN k a ON a.n = (p.n + 1) % a.total
 WHERE p.n % 2 = 0;
INSERT INTO rank_logs (change_id, ts, roster_id, roster_name, actor_display, field, before_value, after_value)
SELECT gen_random_uuid(), now() - make_interval(days => (id * 5 % 365)::int), id, name, 'Bench',
       'status', 'Active', 'Inactive'
  FROM roster WHERE status = 'Inactive';

-- Duty: twenty shifts of two to seven hours for every active member over the year.
INSERT INTO duty_shifts (roster_id, started_at, ended_at, source, started_by, ended_by)
SELECT r.id, s.at, s.at + make_interval(hours => (2 + (r.id + d) % 6)::int), 'portal', 'Bench', 'Bench'
  FROM roster r CROSS JOIN generate_series(1, 20) d
 CROSS JOIN LATERAL (SELECT date_trunc('hour', now()) - make_interval(days => ((r.id * 13 + d * 17) % 365)::int,
                                                                      hours => ((r.id + d * 5) % 24 + 8)::int) AS at) s
 WHERE r.status = 'Active';

-- Training: a session a member, every other one completed a few hours to days after it was due.
INSERT INTO training_sessions (template_title, session_name, scheduled_at, status, trainees, created_by,
                               created_at, updated_at, completed_at)
SELECT 'Bench training', 'Session ' || r.id, s.due,
       CASE WHEN r.id % 2 = 0 THEN 'completed' ELSE 'scheduled' END,
       jsonb_build_array(jsonb_build_object('id', r.id::text, 'name', r.name)), 'Bench',
       s.due - interval '3 days', s.due,
       CASE WHEN r.id % 2 = 0 THEN s.due + make_interval(hours => (r.id % 72)::int) END
  FROM roster r
 CROSS JOIN LATERAL (SELECT now() - make_interval(days => (r.id * 7 % 365)::int) AS due) s;

-- Qualifications: a third of the people hold each one, granted over the year, some expiring.
INSERT INTO member_qualifications (roster_id, qualification_id, granted_on, expires_on, granted_by, source)
SELECT r.id, q.id, current_date - ((r.id + q.id) * 3 % 365)::int,
       current_date - ((r.id + q.id) * 3 % 365)::int + 365, 'Bench', 'command'
  FROM roster r CROSS JOIN qualifications q
 WHERE (r.id + q.id) % 3 = 0
ON CONFLICT DO NOTHING;

COMMIT;
ANALYZE;
