//! Roles that follow the roster (issue 22): which Discord roles the portal manages, which of
//! them a roster entry implies, and how a member's guild roles differ from that. Pure rules,
//! unit-tested; the SQL is in [`crate::shared::discord_store`] and the calls to Discord in the
//! integrations worker.
//!
//! A rank, a department and a sub-department each carry a Discord role id, and so does a
//! department role. The portal manages every such role, except department roles whose
//! direction is `from_discord`: the community hands those out in Discord and the roster
//! follows them. A member who is Active or on leave (LOA) holds the roles of their rank,
//! department and sub-department and of their department roles; a suspended or inactive member,
//! or a Discord account without a roster entry, holds none of the managed roles. Roles the
//! portal does not manage are never touched.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::access::member::RosterEntry;

/// The portal decides who holds the role in Discord.
pub const TO_DISCORD: &str = "to_discord";
/// Discord decides, and the roster follows at the next sign-in or sync.
pub const FROM_DISCORD: &str = "from_discord";

/// One part of the structure linked to a Discord role.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Mapping {
    /// `rank`, `department`, `sub_department` or `role` (a department role).
    pub kind: String,
    /// The structure item's id.
    pub item_id: String,
    pub name: String,
    pub department_id: String,
    pub department_name: String,
    pub discord_role_id: String,
    /// `to_discord` or, for department roles, `from_discord`.
    pub direction: String,
}

/// The facts of a roster entry the roles follow from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Holder {
    pub status: String,
    pub department_id: Option<String>,
    pub rank_id: Option<String>,
    pub sub_dept_id: Option<String>,
    pub roles: Vec<String>,
}

impl From<&RosterEntry> for Holder {
    fn from(entry: &RosterEntry) -> Self {
        Self {
            status: entry.status.clone(),
            department_id: entry.department_id.clone(),
            rank_id: entry.rank_id.clone(),
            sub_dept_id: entry.sub_dept_id.clone(),
            roles: entry.roles.clone(),
        }
    }
}

/// Every mapping of the agency.
#[derive(Debug, Clone, Default)]
pub struct RoleMap {
    pub mappings: Vec<Mapping>,
}

impl RoleMap {
    pub fn new(mappings: Vec<Mapping>) -> Self {
        Self { mappings }
    }

    /// The Discord roles the portal hands out and takes back.
    pub fn managed(&self) -> BTreeSet<&str> {
        self.mappings
            .iter()
            .filter(|m| m.direction == TO_DISCORD)
            .map(|m| m.discord_role_id.as_str())
            .collect()
    }

    /// The managed Discord roles `holder` should hold (none for a suspended or inactive
    /// member, or nobody).
    pub fn implied(&self, holder: Option<&Holder>) -> BTreeSet<String> {
        let Some(holder) = holder.filter(|h| matches!(h.status.as_str(), "Active" | "LOA")) else {
            return BTreeSet::new();
        };
        let held = |m: &Mapping| match m.kind.as_str() {
            "rank" => holder.rank_id.as_deref() == Some(&m.item_id),
            "department" => holder.department_id.as_deref() == Some(&m.item_id),
            "sub_department" => holder.sub_dept_id.as_deref() == Some(&m.item_id),
            "role" => holder.roles.contains(&m.item_id),
            _ => false,
        };
        self.mappings
            .iter()
            .filter(|m| m.direction == TO_DISCORD && held(m))
            .map(|m| m.discord_role_id.clone())
            .collect()
    }

    /// What bringing `actual` (the member's guild roles) in line with `holder` takes: the
    /// managed roles to add and to remove.
    pub fn changes(&self, holder: Option<&Holder>, actual: &[String]) -> RoleChanges {
        let implied = self.implied(holder);
        let managed = self.managed();
        let actual: BTreeSet<&str> = actual.iter().map(String::as_str).collect();
        RoleChanges {
            add: implied.iter().filter(|r| !actual.contains(r.as_str())).cloned().collect(),
            remove: actual
                .iter()
                .filter(|r| managed.contains(*r) && !implied.contains(**r))
                .map(|r| r.to_string())
                .collect(),
        }
    }

    /// The department roles of `holder`'s department that Discord decides, as the roster should
    /// hold them given the member's guild roles `actual`: `Some(new list)` when it differs from
    /// the roster's, `None` when nothing changes. Suspended and inactive members are left as
    /// they are.
    pub fn pulled(&self, holder: &Holder, actual: &[String]) -> Option<Vec<String>> {
        if !matches!(holder.status.as_str(), "Active" | "LOA") {
            return None;
        }
        let department = holder.department_id.as_deref()?;
        let mut roles = holder.roles.clone();
        for m in self.mappings.iter().filter(|m| {
            m.kind == "role" && m.direction == FROM_DISCORD && m.department_id == department
        }) {
            let in_discord = actual.contains(&m.discord_role_id);
            let on_roster = roles.contains(&m.item_id);
            if in_discord && !on_roster {
                roles.push(m.item_id.clone());
            } else if !in_discord && on_roster {
                roles.retain(|r| r != &m.item_id);
            }
        }
        (roles != holder.roles).then_some(roles)
    }
}

/// Managed roles to add to a member and to take from them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleChanges {
    pub add: Vec<String>,
    pub remove: Vec<String>,
}

impl RoleChanges {
    pub fn is_empty(&self) -> bool {
        self.add.is_empty() && self.remove.is_empty()
    }
}

/// What one member's sync did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MemberSync {
    /// Their roster name, when they are on the roster.
    pub name: Option<String>,
    /// Managed roles given and taken in Discord.
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// The roster's department roles before and after, when Discord decided a change.
    pub roster_roles: Option<RolesChange>,
    /// Anything changed.
    pub changed: bool,
    /// The account is not in the server (nothing was done).
    pub not_in_guild: bool,
}

/// A roster entry's department roles before and after a sync.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RolesChange {
    pub before: Vec<String>,
    pub after: Vec<String>,
}

/// How one member's guild roles differ from what the roster implies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Drift {
    /// Their roster entry, when they have one.
    pub roster_id: Option<i64>,
    /// The roster name, else the Discord username.
    pub name: String,
    pub discord_id: String,
    /// Managed roles the roster implies and the guild lacks.
    pub missing: Vec<String>,
    /// Managed roles the guild shows and the roster does not imply.
    pub extra: Vec<String>,
    /// On the roster with a Discord id, but not in the guild.
    pub not_in_guild: bool,
    /// Department roles Discord decides that the roster does not show yet (`from_discord`).
    pub roster_to_add: Vec<String>,
    /// Department roles Discord decides that the roster still shows but Discord no longer does.
    pub roster_to_remove: Vec<String>,
}

impl Drift {
    /// Nothing to do for this member.
    pub fn is_clear(&self) -> bool {
        self.missing.is_empty()
            && self.extra.is_empty()
            && !self.not_in_guild
            && self.roster_to_add.is_empty()
            && self.roster_to_remove.is_empty()
    }
}

/// A guild member: their username and roles.
#[derive(Debug, Clone, Default)]
pub struct GuildMember {
    pub username: String,
    pub roles: Vec<String>,
}

/// The members whose guild roles differ from the roster: everyone on the roster with a Discord
/// id, and every guild member holding a managed role without being on the roster.
pub fn drift(
    map: &RoleMap,
    entries: &[RosterEntry],
    guild: &BTreeMap<String, GuildMember>,
) -> Vec<Drift> {
    let mut out = Vec::new();
    let mut on_roster = BTreeSet::new();
    for entry in entries {
        let Some(discord_id) =
            entry.discord_id.as_deref().map(str::trim).filter(|d| is_snowflake(d))
        else {
            continue;
        };
        on_roster.insert(discord_id.to_owned());
        let holder = Holder::from(entry);
        let drift = match guild.get(discord_id) {
            None => Drift {
                roster_id: Some(entry.id),
                name: entry.name.clone(),
                discord_id: discord_id.to_owned(),
                missing: map.implied(Some(&holder)).into_iter().collect(),
                extra: vec![],
                not_in_guild: true,
                roster_to_add: vec![],
                roster_to_remove: vec![],
            },
            Some(member) => {
                let changes = map.changes(Some(&holder), &member.roles);
                let pulled =
                    map.pulled(&holder, &member.roles).unwrap_or_else(|| holder.roles.clone());
                Drift {
                    roster_id: Some(entry.id),
                    name: entry.name.clone(),
                    discord_id: discord_id.to_owned(),
                    missing: changes.add,
                    extra: changes.remove,
                    not_in_guild: false,
                    roster_to_add: pulled
                        .iter()
                        .filter(|r| !holder.roles.contains(r))
                        .cloned()
                        .collect(),
                    roster_to_remove: holder
                        .roles
                        .iter()
                        .filter(|r| !pulled.contains(r))
                        .cloned()
                        .collect(),
                }
            }
        };
        if !drift.is_clear() {
            out.push(drift);
        }
    }
    for (discord_id, member) in guild.iter().filter(|(id, _)| !on_roster.contains(*id)) {
        let changes = map.changes(None, &member.roles);
        if !changes.remove.is_empty() {
            out.push(Drift {
                roster_id: None,
                name: member.username.clone(),
                discord_id: discord_id.clone(),
                missing: vec![],
                extra: changes.remove,
                not_in_guild: false,
                roster_to_add: vec![],
                roster_to_remove: vec![],
            });
        }
    }
    out
}

/// A Discord id: digits only, 17 to 20 of them.
pub fn is_snowflake(id: &str) -> bool {
    (17..=20).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mapping(kind: &str, item: &str, department: &str, role: &str, direction: &str) -> Mapping {
        Mapping {
            kind: kind.into(),
            item_id: item.into(),
            name: item.into(),
            department_id: department.into(),
            department_name: department.into(),
            discord_role_id: role.into(),
            direction: direction.into(),
        }
    }

    fn map() -> RoleMap {
        RoleMap::new(vec![
            mapping("department", "patrol", "patrol", "d-patrol", TO_DISCORD),
            mapping("rank", "deputy", "patrol", "r-deputy", TO_DISCORD),
            mapping("rank", "sergeant", "patrol", "r-sergeant", TO_DISCORD),
            mapping("sub_department", "k9", "patrol", "s-k9", TO_DISCORD),
            mapping("role", "fto", "patrol", "x-fto", TO_DISCORD),
            mapping("role", "marksman", "patrol", "x-marksman", FROM_DISCORD),
            mapping("department", "marine", "marine", "d-marine", TO_DISCORD),
        ])
    }

    fn deputy(status: &str) -> Holder {
        Holder {
            status: status.into(),
            department_id: Some("patrol".into()),
            rank_id: Some("deputy".into()),
            sub_dept_id: Some("k9".into()),
            roles: vec!["fto".into()],
        }
    }

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn an_active_member_holds_the_roles_of_their_place_in_the_structure() {
        let implied: Vec<String> = map().implied(Some(&deputy("Active"))).into_iter().collect();
        assert_eq!(implied, strings(&["d-patrol", "r-deputy", "s-k9", "x-fto"]));
        assert_eq!(map().implied(Some(&deputy("LOA"))).len(), 4, "leave keeps the roles");
        assert!(map().implied(Some(&deputy("Suspended"))).is_empty());
        assert!(map().implied(Some(&deputy("Inactive"))).is_empty());
        assert!(map().implied(None).is_empty(), "nobody on the roster holds nothing");
        assert!(!map().managed().contains("x-marksman"), "Discord decides that one");
    }

    #[test]
    fn a_promotion_adds_the_new_rank_and_removes_the_old_one_and_nothing_else() {
        let promoted = Holder { rank_id: Some("sergeant".into()), ..deputy("Active") };
        let actual = strings(&["d-patrol", "r-deputy", "s-k9", "x-fto", "x-marksman", "guest"]);
        let changes = map().changes(Some(&promoted), &actual);
        assert_eq!(
            changes,
            RoleChanges { add: strings(&["r-sergeant"]), remove: strings(&["r-deputy"]) }
        );
        // Suspended: every managed role goes; unmanaged and Discord-decided ones stay.
        let changes = map().changes(Some(&deputy("Suspended")), &actual);
        assert_eq!(changes.add, Vec::<String>::new());
        assert_eq!(changes.remove, strings(&["d-patrol", "r-deputy", "s-k9", "x-fto"]));
        assert!(map().changes(Some(&deputy("Active")), &actual[..4]).is_empty());
    }

    #[test]
    fn discord_decided_roles_come_to_the_roster_of_the_members_department() {
        let with_marksman = strings(&["x-marksman"]);
        assert_eq!(
            map().pulled(&deputy("Active"), &with_marksman),
            Some(strings(&["fto", "marksman"]))
        );
        let holding = Holder { roles: strings(&["fto", "marksman"]), ..deputy("Active") };
        assert_eq!(map().pulled(&holding, &with_marksman), None, "nothing to change");
        assert_eq!(
            map().pulled(&holding, &[]),
            Some(strings(&["fto"])),
            "taken in Discord, taken here"
        );
        let marine = Holder { department_id: Some("marine".into()), ..deputy("Active") };
        assert_eq!(map().pulled(&marine, &with_marksman), None, "another department's role");
        assert_eq!(map().pulled(&deputy("Suspended"), &with_marksman), None);
    }

    fn entry(id: i64, discord: Option<&str>, holder: Holder) -> RosterEntry {
        RosterEntry {
            id,
            name: format!("Person {id}"),
            callsign: None,
            region: None,
            status: holder.status,
            discord_id: discord.map(Into::into),
            department_id: holder.department_id,
            department_name: None,
            rank_id: holder.rank_id,
            rank: None,
            level: None,
            insignia: None,
            sub_dept_id: holder.sub_dept_id,
            roles: holder.roles,
            hire_date: chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            rank_change_date: None,
            time_in_grade_days: None,
            action: None,
            reason: None,
            version: 1,
        }
    }

    #[test]
    fn drift_lists_missing_extra_absent_and_strangers_holding_managed_roles() {
        let a = "100000000000000001";
        let b = "100000000000000002";
        let c = "100000000000000003";
        let stranger = "100000000000000009";
        let entries = vec![
            entry(1, Some(a), deputy("Active")),
            entry(2, Some(b), deputy("Active")),
            entry(3, Some(c), deputy("Active")),
            entry(4, None, deputy("Active")),
        ];
        let member =
            |roles: &[&str]| GuildMember { username: "someone".into(), roles: strings(roles) };
        let guild = BTreeMap::from([
            (a.to_owned(), member(&["d-patrol", "r-deputy", "s-k9", "x-fto"])),
            (b.to_owned(), member(&["d-patrol", "r-sergeant", "x-marksman"])),
            (stranger.to_owned(), member(&["d-marine", "guest"])),
        ]);
        let drift = drift(&map(), &entries, &guild);
        assert_eq!(drift.len(), 3, "{drift:?}");
        assert_eq!(drift[0].discord_id, b);
        assert_eq!(drift[0].missing, strings(&["r-deputy", "s-k9", "x-fto"]));
        assert_eq!(drift[0].extra, strings(&["r-sergeant"]));
        assert_eq!(drift[0].roster_to_add, strings(&["marksman"]));
        assert_eq!(drift[1].discord_id, c);
        assert!(drift[1].not_in_guild);
        assert_eq!((drift[2].discord_id.as_str(), drift[2].roster_id), (stranger, None));
        assert_eq!(drift[2].extra, strings(&["d-marine"]));
    }
}
