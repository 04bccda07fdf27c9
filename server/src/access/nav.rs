//! Navigation ids of the portal (member-portal §2.2, command-and-reports §2) and the default
//! permission set every new agency starts with.

/// Which level (at or above) may see each navigation item by default; `None` means public.
pub const DEFAULT_NAV_PERMISSIONS: &[(&str, Option<&str>)] = &[
    ("home", None),
    ("about", None),
    ("roster", Some("deputy")),
    ("structure_section", Some("deputy")),
    ("structure_vehicles", Some("deputy")),
    ("structure_equipment", Some("deputy")),
    ("structure_uniforms", Some("deputy")),
    ("sops", Some("deputy")),
    ("reports_section", Some("deputy")),
    ("reports_use_of_force_report", Some("deputy")),
    ("reports_arrest_report", Some("deputy")),
    ("reports_ticket_report", Some("deputy")),
    ("fto_section", Some("deputy")),
    ("fto_training", Some("deputy")),
    ("fto_training_management", Some("supervisor")),
    ("supervisor_section", Some("supervisor")),
    ("supervisor_uof_review", Some("supervisor")),
    ("supervisor_arrest_review", Some("supervisor")),
    ("command_section", Some("command")),
    ("command_department_management", Some("command")),
    ("command_message_management", Some("command")),
    ("command_sops", Some("command")),
    ("command_vehicle_permissions", Some("command")),
    ("command_equipment_management", Some("command")),
    ("command_uniform_management", Some("command")),
    ("command_logs", Some("command")),
    ("command_penal_codes", Some("command")),
    ("command_branding", Some("high_command")),
    ("command_agencies", Some("high_command")),
    ("command_navigation_permissions", Some("high_command")),
];

/// Every navigation id of the portal, in menu order.
pub fn nav_ids() -> impl Iterator<Item = &'static str> {
    DEFAULT_NAV_PERMISSIONS.iter().map(|(id, _)| *id)
}

pub fn is_nav_id(id: &str) -> bool {
    nav_ids().any(|known| known == id)
}

/// Who may see one navigation item.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct NavRule {
    pub public: bool,
    pub levels: Vec<String>,
    pub roles: Vec<String>,
}

/// What the visibility rule needs to know of a viewer.
#[derive(Debug, Clone, Default)]
pub struct ViewerFacts<'a> {
    pub authenticated: bool,
    pub has_roster: bool,
    pub level: Option<&'a str>,
    pub roles: &'a [String],
}

/// The visibility rule (member-portal §6, command-and-reports §6), the one the web app
/// ports: an item without an entry, or a public one, is visible. Otherwise the viewer must
/// be signed in and either hold a level at or above any listed level in `level_order`, hold
/// one of the listed roles, or, when `no_level` is listed, have a roster entry.
pub fn can_see(rule: Option<&NavRule>, viewer: &ViewerFacts<'_>, level_order: &[String]) -> bool {
    let Some(rule) = rule else { return true };
    if rule.public {
        return true;
    }
    if !viewer.authenticated {
        return false;
    }
    if viewer.has_roster && rule.levels.iter().any(|l| l == super::levels::NO_LEVEL) {
        return true;
    }
    let position = |level: &str| level_order.iter().position(|l| l == level);
    if let Some(mine) = viewer.level.and_then(position) {
        if rule.levels.iter().filter_map(|l| position(l)).any(|needed| mine >= needed) {
            return true;
        }
    }
    rule.roles.iter().any(|role| viewer.roles.contains(role))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order() -> Vec<String> {
        ["deputy", "supervisor", "command", "high_command", "no_level"].map(String::from).to_vec()
    }

    fn rule(public: bool, levels: &[&str], roles: &[&str]) -> NavRule {
        NavRule {
            public,
            levels: levels.iter().map(|s| s.to_string()).collect(),
            roles: roles.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn viewer<'a>(
        level: Option<&'a str>,
        roles: &'a [String],
        has_roster: bool,
    ) -> ViewerFacts<'a> {
        ViewerFacts { authenticated: true, has_roster, level, roles }
    }

    #[test]
    fn missing_and_public_items_are_visible_to_everyone() {
        let anon = ViewerFacts::default();
        assert!(can_see(None, &anon, &order()));
        assert!(can_see(Some(&rule(true, &["command"], &[])), &anon, &order()));
        assert!(!can_see(Some(&rule(false, &["deputy"], &[])), &anon, &order()));
    }

    #[test]
    fn a_level_at_or_above_any_listed_level_sees_the_item() {
        let none: [String; 0] = [];
        let r = rule(false, &["supervisor"], &[]);
        assert!(!can_see(Some(&r), &viewer(Some("deputy"), &none, true), &order()));
        assert!(can_see(Some(&r), &viewer(Some("supervisor"), &none, true), &order()));
        assert!(can_see(Some(&r), &viewer(Some("high_command"), &none, true), &order()));
        let r = rule(false, &["high_command", "supervisor"], &[]);
        assert!(can_see(Some(&r), &viewer(Some("command"), &none, true), &order()));
        assert!(!can_see(Some(&r), &viewer(Some("unknown"), &none, true), &order()));
        assert!(!can_see(Some(&r), &viewer(None, &none, true), &order()));
    }

    #[test]
    fn roles_and_no_level() {
        let roles = vec!["fto".to_string()];
        let none: [String; 0] = [];
        let r = rule(false, &["command"], &["fto"]);
        assert!(can_see(Some(&r), &viewer(Some("deputy"), &roles, true), &order()));
        assert!(!can_see(Some(&r), &viewer(Some("deputy"), &none, true), &order()));
        let r = rule(false, &["no_level"], &[]);
        assert!(can_see(Some(&r), &viewer(None, &none, true), &order()));
        assert!(!can_see(Some(&r), &viewer(Some("command"), &none, false), &order()));
        // Restricted with nothing listed: nobody.
        assert!(!can_see(
            Some(&rule(false, &[], &[])),
            &viewer(Some("high_command"), &none, true),
            &order()
        ));
    }
}
