//! Adding a person to the roster, as the roster's *Add* and recruitment's *Hire* both do
//! (features never import each other): a person's fields and their checks against the
//! agency's structure and flags ([`RosterInput::validate`]); the rank rule, the command scope
//! and the one-account and one-callsign rules ([`check`]); the insert with its hire log and
//! audit row in the caller's transaction ([`add`]); a duplicate callsign answered with its
//! holder ([`callsign_conflict`]); and the first free callsign of a rank's pools
//! ([`free_callsign`]).

use std::collections::HashSet;

use chrono::NaiveDate;
use serde::Deserialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::{
    access::{
        member::RosterEntry,
        rank_access::{check_roster_change, Held, Wanted},
        scope,
        store::{ENTRY_COLUMNS, ENTRY_FROM},
        viewer::Actor,
        Viewer,
    },
    error::{bad_request, conflict, forbidden, violated, AppError, AppResult},
    shared::{
        audit::{self, Event},
        callsign_pools::{display_callsign, free_callsigns, held, pools_of},
        organisation::{self, Department, Rank},
    },
    tenancy::pools::AgencyConnection,
    validate::{date_in_range, limits, max_len, max_len_opt},
};

pub const STATUSES: [&str; 4] = ["Active", "Inactive", "Suspended", "LOA"];

/// `POST /api/roster` and `PATCH /api/roster/{id}`: a person's fields. On PATCH, fields left
/// out keep their value, `null` clears an optional one, and `version` must be the version
/// that was edited.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RosterInput {
    #[schema(max_length = 120)]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>, max_length = 16)]
    pub callsign: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>, max_length = 60)]
    pub region: Option<Option<String>>,
    pub status: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>, max_length = 60)]
    pub discord_id: Option<Option<String>>,
    pub department_id: Option<String>,
    /// The rank's name (as the spec's client sends it); `rankId` wins when both are sent.
    pub rank: Option<String>,
    pub rank_id: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>)]
    pub sub_dept_id: Option<Option<String>>,
    pub roles: Option<Vec<String>>,
    pub hire_date: Option<NaiveDate>,
    /// What this edit is (e.g. "Promotion"), and why; shown as the person's Notes.
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>, max_length = 120)]
    pub action: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>, max_length = 1000)]
    pub reason: Option<Option<String>>,
    pub version: Option<i32>,
}

/// A valid person, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub name: String,
    pub callsign: Option<String>,
    pub region: Option<String>,
    pub status: String,
    pub discord_id: Option<String>,
    pub department_id: String,
    pub rank_id: String,
    pub rank_name: String,
    pub sub_dept_id: Option<String>,
    pub roles: Vec<String>,
    pub hire_date: NaiveDate,
    pub action: Option<String>,
    pub reason: Option<String>,
}

/// What the rules need of the agency.
pub struct Rules<'a> {
    pub departments: &'a [Department],
    pub callsigns_disabled: bool,
    pub subs_disabled: bool,
    pub today: NaiveDate,
}

pub const MISSING_WITH_CALLSIGN: &str = "Name, Callsign and Rank are required.";
pub const MISSING_WITHOUT_CALLSIGN: &str = "Name and Rank are required.";
pub const BAD_STATUS: &str = "Status must be one of Active, Inactive, Suspended, LOA.";
pub const FUTURE_HIRE: &str = "The hire date cannot be in the future.";

fn clean(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

impl RosterInput {
    /// This input laid over an existing entry (PATCH): what is left out stays.
    pub fn over(self, current: &RosterEntry) -> RosterInput {
        let rank_sent = self.rank_id.is_some() || self.rank.is_some();
        RosterInput {
            name: self.name.or_else(|| Some(current.name.clone())),
            callsign: Some(self.callsign.unwrap_or_else(|| current.callsign.clone())),
            region: Some(self.region.unwrap_or_else(|| current.region.clone())),
            status: self.status.or_else(|| Some(current.status.clone())),
            discord_id: Some(self.discord_id.unwrap_or_else(|| current.discord_id.clone())),
            department_id: self.department_id.or_else(|| current.department_id.clone()),
            rank_id: if rank_sent { self.rank_id } else { current.rank_id.clone() },
            rank: self.rank,
            sub_dept_id: Some(self.sub_dept_id.unwrap_or_else(|| current.sub_dept_id.clone())),
            roles: self.roles.or_else(|| Some(current.roles.clone())),
            hire_date: self.hire_date.or(Some(current.hire_date)),
            action: Some(self.action.unwrap_or_else(|| current.action.clone())),
            reason: Some(self.reason.unwrap_or_else(|| current.reason.clone())),
            version: self.version,
        }
    }

    /// Checks a person against the agency's structure and flags (member-portal §5, §3).
    pub fn validate(self, rules: &Rules<'_>) -> Result<Person, String> {
        let name = clean(self.name);
        let callsign = clean(self.callsign.flatten());
        let rank_ref = clean(self.rank_id.clone()).or_else(|| clean(self.rank.clone()));
        let missing =
            if rules.callsigns_disabled { MISSING_WITHOUT_CALLSIGN } else { MISSING_WITH_CALLSIGN };
        let (Some(name), Some(rank_ref)) = (name, rank_ref) else { return Err(missing.into()) };
        let region = clean(self.region.flatten());
        let discord_id = clean(self.discord_id.flatten());
        let action = clean(self.action.flatten());
        let reason = clean(self.reason.flatten());
        max_len("Name", &name, limits::NAME)?;
        max_len_opt("Callsign", callsign.as_deref(), limits::CALLSIGN)?;
        max_len_opt("Region", region.as_deref(), limits::SHORT_TEXT)?;
        max_len_opt("Discord ID", discord_id.as_deref(), limits::SHORT_TEXT)?;
        max_len_opt("Action", action.as_deref(), limits::LABEL)?;
        max_len_opt("Reason", reason.as_deref(), limits::NOTE)?;
        if callsign.is_none() && !rules.callsigns_disabled {
            return Err(missing.into());
        }

        let department_ref = clean(self.department_id);
        let department = match &department_ref {
            Some(id) => Some(
                rules
                    .departments
                    .iter()
                    .find(|d| &d.id == id)
                    .ok_or_else(|| format!("Unknown department '{id}'."))?,
            ),
            None => None,
        };
        let by_id = clean(self.rank_id).is_some();
        let matches_rank = |r: &Rank| {
            if by_id {
                r.id == rank_ref
            } else {
                r.name.eq_ignore_ascii_case(&rank_ref)
            }
        };
        let (department, rank) = match department {
            Some(d) => {
                let rank = d.ranks.iter().find(|r| matches_rank(r)).ok_or_else(|| {
                    format!("Rank '{rank_ref}' does not belong to department '{}'.", d.name)
                })?;
                (d, rank)
            }
            None => {
                let found: Vec<(&Department, &Rank)> = rules
                    .departments
                    .iter()
                    .flat_map(|d| d.ranks.iter().map(move |r| (d, r)))
                    .filter(|(_, r)| matches_rank(r))
                    .collect();
                match found.as_slice() {
                    [one] => *one,
                    [] => return Err(format!("Unknown rank '{rank_ref}'.")),
                    _ => {
                        return Err(format!(
                        "Rank '{rank_ref}' exists in several departments: choose the department."
                    ))
                    }
                }
            }
        };

        let sub_dept_id =
            if rules.subs_disabled { None } else { clean(self.sub_dept_id.flatten()) };
        if let Some(sub) = &sub_dept_id {
            if !department.sub_departments.iter().any(|s| &s.id == sub) {
                return Err(format!(
                    "Sub-department '{sub}' does not belong to department '{}'.",
                    department.name
                ));
            }
        }
        let mut roles: Vec<String> = Vec::new();
        for role in self
            .roles
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.trim().to_owned())
            .filter(|r| !r.is_empty())
        {
            if !department.roles.iter().any(|r| r.id == role) {
                return Err(format!(
                    "Role '{role}' does not belong to department '{}'.",
                    department.name
                ));
            }
            if !roles.contains(&role) {
                roles.push(role);
            }
        }
        let status = match clean(self.status) {
            None => "Active".to_owned(),
            Some(s) => STATUSES
                .iter()
                .find(|known| known.eq_ignore_ascii_case(&s))
                .ok_or(BAD_STATUS)?
                .to_string(),
        };
        let callsign = if rules.callsigns_disabled {
            callsign
        } else {
            callsign.map(|c| display_callsign(&c)).filter(|c| !c.is_empty())
        };
        let hire_date = self.hire_date.unwrap_or(rules.today);
        date_in_range("The hire date", hire_date)?;
        if hire_date > rules.today {
            return Err(FUTURE_HIRE.into());
        }
        Ok(Person {
            name,
            callsign,
            region,
            status,
            discord_id,
            department_id: department.id.clone(),
            rank_id: rank.id.clone(),
            rank_name: rank.name.clone(),
            sub_dept_id,
            roles,
            hire_date,
            action,
            reason,
        })
    }
}

/// The audit log's kind of roster writes.
pub const ROSTER_KIND: &str = "roster";

/// Validates a person and applies the rank rule: who the viewer may add, edit, promote or
/// demote (`current` is the entry before an edit), within the departments they command, with
/// an account and a callsign nobody else on the roster holds.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn check(
    viewer: &Viewer,
    conn: &mut AgencyConnection,
    input: RosterInput,
    current: Option<&RosterEntry>,
) -> AppResult<Person> {
    let exclude = current.map(|c| c.id);
    let departments = organisation::load(conn).await?;
    // One clock for every date: the database's, as rank change dates and time in grade use it.
    let today = crate::shared::leave::today(&mut *conn).await?;
    let flags = &viewer.agency.flags;
    let rules = Rules {
        departments: &departments,
        callsigns_disabled: flags.disable_callsigns,
        subs_disabled: flags.disable_sub_departments,
        today,
    };
    let person = input.validate(&rules).map_err(bad_request)?;
    let level = departments
        .iter()
        .flat_map(|d| d.ranks.iter())
        .find(|r| r.id == person.rank_id)
        .map(|r| r.level.as_str())
        .unwrap_or_default();
    let (levels, editor) = viewer.editor();
    let held = current.map(|c| Held {
        id: c.id,
        level: c.level.as_deref(),
        rank_id: c.rank_id.as_deref(),
        status: &c.status,
    });
    let wanted = Wanted { level, rank_id: &person.rank_id, status: &person.status };
    check_roster_change(levels, editor, held, wanted).map_err(forbidden)?;
    // A department's commander manages its people only: where they are and where they go.
    let from = current.and_then(|c| c.department_id.as_deref());
    let departments: Vec<Option<&str>> = match current {
        Some(_) => vec![from, Some(&person.department_id)],
        None => vec![Some(&person.department_id)],
    };
    scope::of(viewer).await?.require(&departments)?;
    let discord_changed = person.discord_id != current.and_then(|c| c.discord_id.clone());
    if let (Some(discord), true) = (&person.discord_id, discord_changed) {
        if let Some(name) = holder(conn, Unique::DiscordAccount, discord, exclude).await? {
            return Err(conflict(format!(
                "Discord account {discord} is already on the roster as {name}."
            )));
        }
    }
    if let (Some(callsign), false) = (&person.callsign, flags.disable_callsigns) {
        if let Some(name) = holder(conn, Unique::Callsign, callsign, exclude).await? {
            return Err(conflict(format!("Callsign {callsign} is already assigned to {name}")));
        }
    }
    Ok(person)
}

/// What a roster entry may not share with another.
#[derive(Debug, Clone, Copy)]
pub enum Unique {
    /// A callsign, compared as displayed.
    Callsign,
    /// A Discord id or tag, compared trimmed and in any case.
    DiscordAccount,
}

/// The name of the person (other than `except`) whose entry holds `value`, if anyone.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn holder(
    conn: &mut AgencyConnection,
    unique: Unique,
    value: &str,
    except: Option<i64>,
) -> sqlx::Result<Option<String>> {
    let matches = match unique {
        Unique::Callsign => "upper(callsign) = upper($1)",
        Unique::DiscordAccount => "lower(btrim(discord_id)) = lower(btrim($1))",
    };
    sqlx::query_scalar(&format!("SELECT name FROM roster WHERE {matches} AND id <> $2 LIMIT 1"))
        .bind(value)
        .bind(except.unwrap_or(-1))
        .fetch_optional(conn)
        .await
}

/// A duplicate callsign answers who holds it (`err` came from a roster write; `conn` is a
/// connection outside the failed transaction).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn callsign_conflict(
    conn: &mut AgencyConnection,
    err: sqlx::Error,
    callsign: Option<&str>,
) -> AppError {
    match (violated(&err), callsign) {
        (Some("roster_callsign_unique"), Some(c)) => {
            let holder = holder(conn, Unique::Callsign, c, None)
                .await
                .ok()
                .flatten()
                .unwrap_or_else(|| "someone else".into());
            conflict(format!("Callsign {c} is already assigned to {holder}"))
        }
        _ => err.into(),
    }
}

/// `query` with a person's fields bound as `$1` to `$12`: name, callsign, region, status,
/// Discord id, department, rank, sub-department, roles, hire date, last action and reason.
pub fn with_person<'q>(
    query: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    p: &'q Person,
) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    query
        .bind(&p.name)
        .bind(&p.callsign)
        .bind(&p.region)
        .bind(&p.status)
        .bind(&p.discord_id)
        .bind(&p.department_id)
        .bind(&p.rank_id)
        .bind(&p.sub_dept_id)
        .bind(&p.roles)
        .bind(p.hire_date)
        .bind(&p.action)
        .bind(&p.reason)
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert(conn: &mut AgencyConnection, p: &Person) -> sqlx::Result<i64> {
    let insert = sqlx::query(
        "INSERT INTO roster (name, callsign, region, status, discord_id, department_id, rank_id, sub_dept_id,
                             roles, hire_date, rank_change_date, last_action, last_reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12) RETURNING id",
    );
    with_person(insert, p).fetch_one(conn).await?.try_get("id")
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn log_hire(
    conn: &mut AgencyConnection,
    entry: &RosterEntry,
    actor: &Actor,
) -> sqlx::Result<()> {
    let insert = sqlx::query(
        "INSERT INTO hire_logs (roster_id, roster_name, callsign, roster_rank, actor_display, actor_user_id,
                                status, department_id, rank_id, sub_dept_id, roles)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    );
    organisation::with_logged(insert, entry, actor)
        .bind(&entry.status)
        .bind(&entry.department_id)
        .bind(&entry.rank_id)
        .bind(&entry.sub_dept_id)
        .bind(&entry.roles)
        .execute(conn)
        .await?;
    Ok(())
}

/// Puts a checked person on the roster in the caller's transaction: the entry, its hire log
/// and its audit row (kind `roster`, action `created`: the alerts' *Hire*, and the role sync of
/// the entry's Discord account when the agency has it on). A duplicate callsign fails with the
/// database's error; see [`callsign_conflict`].
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add(
    conn: &mut AgencyConnection,
    person: &Person,
    actor: &Actor,
) -> sqlx::Result<RosterEntry> {
    let id = insert(conn, person).await?;
    let entry: RosterEntry =
        sqlx::query_as(&format!("SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE r.id = $1"))
            .bind(id)
            .fetch_one(&mut *conn)
            .await?;
    log_hire(conn, &entry, actor).await?;
    let event = Event::created(ROSTER_KIND, id, &entry.name, &entry);
    audit::record(conn, actor, &event).await?;
    Ok(entry)
}

/// The first callsign of the rank's pools (by rank id or name) that nobody in the agency holds,
/// as displayed; `None` when the rank has no pools or every number is taken. Picks are made
/// one at a time in the agency (a transaction-scoped lock), so two hires in flight never pick
/// the same one.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn free_callsign(
    conn: &mut AgencyConnection,
    rank: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':callsign-pick'))")
        .execute(&mut *conn)
        .await?;
    let Some(pools) = pools_of(&mut *conn, rank).await? else { return Ok(None) };
    let held: HashSet<String> =
        held(&mut *conn).await?.iter().map(|c| display_callsign(c)).collect();
    Ok(free_callsigns(&pools, &held, 0, 1).0.into_iter().next())
}
