//! Navigation ids of the portal (member-portal §2.2, command-and-reports §2) and the default
//! permission set every new agency starts with.

/// A navigation item's permission in a new agency: public or not, and the level (at or above)
/// that sees it when it is restricted (kept for a public item, so that restricting it later
/// starts from a sensible level).
#[derive(Debug, Clone, Copy)]
pub struct NavDefault {
    pub id: &'static str,
    pub public: bool,
    pub level: Option<&'static str>,
}

const fn public(id: &'static str, level: Option<&'static str>) -> NavDefault {
    NavDefault { id, public: true, level }
}

const fn from(id: &'static str, level: &'static str) -> NavDefault {
    NavDefault { id, public: false, level: Some(level) }
}

/// The permissions every new agency starts with. The structure pages are public: signed-out
/// visitors see every vehicle and are asked to sign in to filter by rank (member-portal §2.7),
/// and the equipment and uniforms open to every rank.
pub const DEFAULT_NAV_PERMISSIONS: &[NavDefault] = &[
    public("home", None),
    public("about", None),
    from("roster", "deputy"),
    public("structure_section", Some("deputy")),
    public("structure_vehicles", Some("deputy")),
    public("structure_equipment", Some("deputy")),
    public("structure_uniforms", Some("deputy")),
    from("sops", "deputy"),
    from("reports_section", "deputy"),
    from("reports_use_of_force_report", "deputy"),
    from("reports_arrest_report", "deputy"),
    from("reports_ticket_report", "deputy"),
    from("fto_section", "deputy"),
    from("fto_training", "deputy"),
    from("fto_training_management", "supervisor"),
    from("supervisor_section", "supervisor"),
    from("supervisor_uof_review", "supervisor"),
    from("supervisor_arrest_review", "supervisor"),
    from("supervisor_leave", "supervisor"),
    from("supervisor_duty", "supervisor"),
    from("supervisor_applications", "supervisor"),
    from("command_section", "command"),
    from("command_department_management", "command"),
    from("command_message_management", "command"),
    from("command_sops", "command"),
    from("command_vehicle_permissions", "command"),
    from("command_equipment_management", "command"),
    from("command_uniform_management", "command"),
    from("command_logs", "command"),
    from("command_analytics", "command"),
    from("command_penal_codes", "command"),
    from("command_discord", "command"),
    from("command_alerts", "command"),
    from("command_qualifications", "command"),
    from("command_recruitment", "command"),
    from("command_api_tokens", "high_command"),
    from("command_branding", "high_command"),
    from("command_agencies", "high_command"),
    from("command_navigation_permissions", "high_command"),
];

/// Every navigation id of the portal, in menu order.
pub fn nav_ids() -> impl Iterator<Item = &'static str> {
    DEFAULT_NAV_PERMISSIONS.iter().map(|d| d.id)
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
