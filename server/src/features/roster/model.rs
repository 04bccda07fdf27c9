//! Roster types and rules (member-portal §3 "Roster person", §5, §9).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use crate::shared::hiring::STATUSES;

pub use crate::access::member::RosterEntry;

/// Days since the last rank change (or hire), never negative; `None` without a date.
pub fn time_in_grade_days(since: Option<NaiveDate>, today: NaiveDate) -> Option<i32> {
    since.map(|d| (today - d).num_days().max(0) as i32)
}

/// How a roster entry identifies its Discord account (member-portal §5 "Matching").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiscordKey {
    /// A numeric Discord id (at least five digits).
    Id(String),
    /// A tag such as `name#1234` or a bare username.
    Tag(String),
    /// Nothing usable: the entry is matched by its name.
    None,
}

pub fn discord_key(raw: Option<&str>) -> DiscordKey {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => DiscordKey::None,
        Some(s) if s.len() >= 5 && s.chars().all(|c| c.is_ascii_digit()) => {
            DiscordKey::Id(s.into())
        }
        Some(s) if s.chars().all(|c| c.is_ascii_digit()) => DiscordKey::None,
        Some(s) => DiscordKey::Tag(s.to_lowercase()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_keys() {
        assert_eq!(
            discord_key(Some(" 123456789012345678 ")),
            DiscordKey::Id("123456789012345678".into())
        );
        assert_eq!(discord_key(Some("1234")), DiscordKey::None);
        assert_eq!(discord_key(Some("Sam#0420")), DiscordKey::Tag("sam#0420".into()));
        assert_eq!(discord_key(Some("  ")), DiscordKey::None);
        assert_eq!(discord_key(None), DiscordKey::None);
    }

    #[test]
    fn time_in_grade() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert_eq!(time_in_grade_days(None, today), None);
        assert_eq!(time_in_grade_days(NaiveDate::from_ymd_opt(2026, 9, 23), today), Some(60));
        assert_eq!(time_in_grade_days(NaiveDate::from_ymd_opt(2026, 12, 1), today), Some(0));
    }
}

pub use crate::shared::hiring::{
    Person, RosterInput, Rules, BAD_STATUS, FUTURE_HIRE, MISSING_WITHOUT_CALLSIGN,
    MISSING_WITH_CALLSIGN,
};
pub use crate::shared::organisation::{joined, FieldChange};

/// A roster line as the list answers it: the entry, the qualifications held (issue 23) and
/// when a running leave ends.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RosterRow {
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub entry: RosterEntry,
    #[sqlx(json)]
    pub qualifications: Vec<HeldQualification>,
    /// The last day of the approved leave running today (the member is LOA until then).
    pub on_leave_until: Option<NaiveDate>,
}

/// A qualification on the roster line: held (not revoked), maybe past its expiry.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldQualification {
    pub id: i64,
    pub name: String,
    pub expires_on: Option<NaiveDate>,
    pub expired: bool,
}

/// The loggable fields that differ between an entry and its new version (command-and-reports
/// §3 "Roster log item"): rank, rankId, departmentId, subDeptId, status, callsign, roles.
pub fn changes(before: &RosterEntry, after: &Person) -> Vec<FieldChange> {
    let pairs: [(&'static str, Option<String>, Option<String>); 7] = [
        ("rank", before.rank.clone(), Some(after.rank_name.clone())),
        ("rankId", before.rank_id.clone(), Some(after.rank_id.clone())),
        ("departmentId", before.department_id.clone(), Some(after.department_id.clone())),
        ("subDeptId", before.sub_dept_id.clone(), after.sub_dept_id.clone()),
        ("status", Some(before.status.clone()), Some(after.status.clone())),
        ("callsign", before.callsign.clone(), after.callsign.clone()),
        ("roles", joined(&before.roles), joined(&after.roles)),
    ];
    pairs
        .into_iter()
        .filter(|(_, b, a)| b != a)
        .map(|(field, before, after)| FieldChange { field, before, after })
        .collect()
}

#[cfg(test)]
mod rule_tests {
    use super::*;
    use crate::shared::organisation::{Department, DepartmentRole, Rank, SubDepartment};

    fn rank(id: &str, dept: &str, name: &str) -> Rank {
        Rank {
            id: id.into(),
            department_id: dept.into(),
            name: name.into(),
            role_id: None,
            level: "deputy".into(),
            insignia: None,
        }
    }

    fn structure() -> Vec<Department> {
        vec![
            Department {
                id: "patrol".into(),
                name: "Patrol".into(),
                role_id: None,
                ranks: vec![
                    rank("rk_dep", "patrol", "Deputy"),
                    rank("rk_sgt", "patrol", "Sergeant"),
                ],
                roles: vec![DepartmentRole {
                    id: "dr_fto".into(),
                    department_id: "patrol".into(),
                    name: "FTO".into(),
                    discord_role_id: None,
                    grants_agency_command: false,
                }],
                sub_departments: vec![SubDepartment {
                    id: "sd_k9".into(),
                    department_id: "patrol".into(),
                    name: "K9".into(),
                    role_id: None,
                }],
            },
            Department {
                id: "marine".into(),
                name: "Marine".into(),
                role_id: None,
                ranks: vec![rank("rk_mdep", "marine", "Deputy")],
                roles: vec![],
                sub_departments: vec![],
            },
        ]
    }

    fn rules(d: &[Department], callsigns_disabled: bool) -> Rules<'_> {
        Rules {
            departments: d,
            callsigns_disabled,
            subs_disabled: false,
            today: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(),
        }
    }

    fn input(name: &str, callsign: &str, rank: &str, dept: Option<&str>) -> RosterInput {
        RosterInput {
            name: Some(name.into()),
            callsign: Some(Some(callsign.into())),
            rank: Some(rank.into()),
            department_id: dept.map(Into::into),
            ..Default::default()
        }
    }

    #[test]
    fn required_fields_follow_the_callsign_flag() {
        let d = structure();
        assert_eq!(
            input(" ", "A1", "Sergeant", None).validate(&rules(&d, false)).unwrap_err(),
            MISSING_WITH_CALLSIGN
        );
        assert_eq!(
            input("Ann", "", "Sergeant", None).validate(&rules(&d, false)).unwrap_err(),
            MISSING_WITH_CALLSIGN
        );
        assert_eq!(
            input("Ann", "", "", None).validate(&rules(&d, true)).unwrap_err(),
            MISSING_WITHOUT_CALLSIGN
        );
        let p = input("Ann", " x 1 ", "Sergeant", None).validate(&rules(&d, true)).unwrap();
        assert_eq!(p.callsign.as_deref(), Some("x 1"), "trimmed only when callsigns are disabled");
    }

    #[test]
    fn ranks_resolve_within_their_department() {
        let d = structure();
        let p = input("Ann", "a5", "sergeant", None).validate(&rules(&d, false)).unwrap();
        assert_eq!(
            (p.department_id.as_str(), p.rank_id.as_str(), p.callsign.as_deref()),
            ("patrol", "rk_sgt", Some("A-05"))
        );
        assert_eq!(p.status, "Active");
        assert_eq!(p.hire_date, NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
        assert_eq!(
            input("Ann", "A1", "Deputy", None).validate(&rules(&d, false)).unwrap_err(),
            "Rank 'Deputy' exists in several departments: choose the department."
        );
        assert_eq!(
            input("Ann", "A1", "Sergeant", Some("marine")).validate(&rules(&d, false)).unwrap_err(),
            "Rank 'Sergeant' does not belong to department 'Marine'."
        );
        let p = input("Ann", "A1", "Deputy", Some("marine")).validate(&rules(&d, false)).unwrap();
        assert_eq!(p.rank_id, "rk_mdep");
        let by_id = RosterInput {
            rank_id: Some("rk_dep".into()),
            rank: Some("ignored".into()),
            ..input("Ann", "A1", "", None)
        };
        assert_eq!(by_id.validate(&rules(&d, false)).unwrap().rank_id, "rk_dep");
        assert_eq!(
            input("Ann", "A1", "Chief", None).validate(&rules(&d, false)).unwrap_err(),
            "Unknown rank 'Chief'."
        );
    }

    #[test]
    fn sub_departments_roles_and_status_must_fit() {
        let d = structure();
        let base = || input("Ann", "A1", "Deputy", Some("marine"));
        let with_sub = RosterInput { sub_dept_id: Some(Some("sd_k9".into())), ..base() };
        assert_eq!(
            with_sub.validate(&rules(&d, false)).unwrap_err(),
            "Sub-department 'sd_k9' does not belong to department 'Marine'."
        );
        let with_role = RosterInput { roles: Some(vec!["dr_fto".into()]), ..base() };
        assert_eq!(
            with_role.validate(&rules(&d, false)).unwrap_err(),
            "Role 'dr_fto' does not belong to department 'Marine'."
        );
        let status = RosterInput { status: Some("retired".into()), ..base() };
        assert_eq!(status.validate(&rules(&d, false)).unwrap_err(), BAD_STATUS);
        let ok = RosterInput {
            status: Some("loa".into()),
            sub_dept_id: Some(Some("sd_k9".into())),
            roles: Some(vec!["dr_fto".into(), "dr_fto".into()]),
            ..input("Ann", "A1", "Deputy", Some("patrol"))
        };
        let p = ok.validate(&rules(&d, false)).unwrap();
        assert_eq!(
            (p.status.as_str(), p.sub_dept_id.as_deref(), p.roles.len()),
            ("LOA", Some("sd_k9"), 1)
        );
        let disabled = Rules { subs_disabled: true, ..rules(&d, false) };
        let cleared = RosterInput { sub_dept_id: Some(Some("anything".into())), ..base() }
            .validate(&disabled)
            .unwrap();
        assert_eq!(cleared.sub_dept_id, None);
    }

    #[test]
    fn a_rank_change_logs_rank_and_rank_id_only() {
        let d = structure();
        let before = RosterEntry {
            id: 1,
            name: "Ann".into(),
            callsign: Some("A-01".into()),
            region: None,
            status: "Active".into(),
            discord_id: None,
            department_id: Some("patrol".into()),
            department_name: Some("Patrol".into()),
            rank_id: Some("rk_dep".into()),
            rank: Some("Deputy".into()),
            level: Some("deputy".into()),
            insignia: None,
            sub_dept_id: None,
            roles: vec![],
            hire_date: NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            rank_change_date: None,
            time_in_grade_days: Some(10),
            action: None,
            reason: None,
            version: 1,
        };
        let after = RosterInput { rank_id: Some("rk_sgt".into()), ..Default::default() }
            .over(&before)
            .validate(&rules(&d, false))
            .unwrap();
        assert_eq!(
            changes(&before, &after),
            vec![
                FieldChange {
                    field: "rank",
                    before: Some("Deputy".into()),
                    after: Some("Sergeant".into())
                },
                FieldChange {
                    field: "rankId",
                    before: Some("rk_dep".into()),
                    after: Some("rk_sgt".into())
                },
            ]
        );
        let same = RosterInput::default().over(&before).validate(&rules(&d, false)).unwrap();
        assert!(changes(&before, &same).is_empty());
        let cleared = RosterInput { callsign: Some(None), ..Default::default() }.over(&before);
        assert_eq!(
            cleared.validate(&rules(&d, false)).unwrap_err(),
            MISSING_WITH_CALLSIGN,
            "null clears"
        );
        let tomorrow = NaiveDate::from_ymd_opt(2026, 11, 23);
        let future = RosterInput { hire_date: tomorrow, ..Default::default() }.over(&before);
        assert_eq!(future.validate(&rules(&d, false)).unwrap_err(), FUTURE_HIRE);
    }
}
