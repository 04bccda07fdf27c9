//! Who may change whose rank: the rule that keeps anyone from gaining a level or a power they
//! were not given (README "Access rules").
//!
//! - A manager adds, edits, promotes or demotes only people whose current and new rank
//!   levels are both below their own level.
//! - Only High Command assigns, changes or removes High Command ranks and the people holding
//!   them (High Command may touch any level).
//! - A rank's level may be set or changed only to a level below the editor's own, and only
//!   on a rank whose level is below it (High Command: any).
//! - Nobody changes their own rank, level or status.
//! - Configured owners of the root agency keep full rights.
//!
//! Levels are compared by their position in the agency's level list (lowest first); a level
//! the list does not know counts as the top, so only High Command may touch it.

pub const ONLY_HIGH_COMMAND: &str =
    "Only High Command can assign, change or remove High Command ranks and the people who hold them.";
pub const BELOW_OWN_LEVEL: &str =
    "You can only add, edit, promote or demote people whose rank is below your own level.";
pub const RANK_LEVEL_BELOW_OWN: &str =
    "You can only create or change ranks whose level is below your own.";
pub const OWN_ENTRY: &str = "You cannot change your own rank, level or status.";

/// The person making a change, as the rule needs them.
#[derive(Debug, Clone, Copy)]
pub struct Editor<'a> {
    /// Their level id (`None`: no level, e.g. department management granted by a role).
    pub level: Option<&'a str>,
    /// Configured owner of the root agency.
    pub owner: bool,
    /// Roster entry ids that are the editor's own.
    pub own_entries: &'a [i64],
}

/// A roster entry as it is before a change.
#[derive(Debug, Clone, Copy)]
pub struct Held<'a> {
    pub id: i64,
    pub level: Option<&'a str>,
    pub rank_id: Option<&'a str>,
    pub status: &'a str,
}

/// A roster entry as a change would leave it.
#[derive(Debug, Clone, Copy)]
pub struct Wanted<'a> {
    pub level: &'a str,
    pub rank_id: &'a str,
    pub status: &'a str,
}

/// The agency's levels, lowest first.
#[derive(Debug, Clone, Copy)]
pub struct Levels<'a>(pub &'a [String]);

impl Levels<'_> {
    fn top(&self) -> usize {
        self.0.len().saturating_sub(1)
    }

    /// Position of a level; unknown levels count as the top.
    fn position(&self, level: &str) -> usize {
        self.0.iter().position(|l| l == level).unwrap_or(self.top())
    }

    fn is_top(&self, level: &str) -> bool {
        self.position(level) == self.top()
    }
}

impl Editor<'_> {
    fn is_high_command(&self, levels: Levels<'_>) -> bool {
        self.owner || self.level.is_some_and(|l| levels.0.last().is_some_and(|top| top == l))
    }

    /// Whether the editor outranks `level`.
    fn above(&self, levels: Levels<'_>, level: &str) -> bool {
        if self.is_high_command(levels) {
            return true;
        }
        let Some(mine) = self.level.filter(|l| levels.0.iter().any(|known| known == l)) else {
            return false;
        };
        levels.position(level) < levels.position(mine)
    }

    fn refusal(&self, levels: Levels<'_>, level: &str, otherwise: &'static str) -> &'static str {
        if levels.is_top(level) && !self.is_high_command(levels) {
            ONLY_HIGH_COMMAND
        } else {
            otherwise
        }
    }
}

/// Checks a roster add (`held` is `None`) or edit against the rule.
pub fn check_roster_change(
    levels: Levels<'_>,
    editor: Editor<'_>,
    held: Option<Held<'_>>,
    wanted: Wanted<'_>,
) -> Result<(), &'static str> {
    if editor.owner {
        return Ok(());
    }
    if let Some(held) = held {
        if editor.own_entries.contains(&held.id)
            && (held.rank_id != Some(wanted.rank_id) || held.status != wanted.status)
        {
            return Err(OWN_ENTRY);
        }
        // An entry without a rank counts as the top: only High Command may take it over.
        let current = held.level.unwrap_or_else(|| levels.0.last().map_or("", String::as_str));
        if !editor.above(levels, current) {
            return Err(editor.refusal(levels, current, BELOW_OWN_LEVEL));
        }
    }
    if !editor.above(levels, wanted.level) {
        return Err(editor.refusal(levels, wanted.level, BELOW_OWN_LEVEL));
    }
    Ok(())
}

/// Checks creating a rank at `wanted` (`current` is `None`), or editing a rank whose level is
/// `current` (to `wanted`, which may equal it).
pub fn check_rank_level(
    levels: Levels<'_>,
    editor: Editor<'_>,
    current: Option<&str>,
    wanted: &str,
) -> Result<(), &'static str> {
    // The wanted level first: raising anything to High Command says who may do that.
    for level in [wanted].into_iter().chain(current) {
        if !editor.above(levels, level) {
            return Err(editor.refusal(levels, level, RANK_LEVEL_BELOW_OWN));
        }
    }
    Ok(())
}

/// Checks editing (`wanted` is the new level, when it changes) or deleting a rank whose level
/// is `current`: a level change follows [`check_rank_level`]; any other change to a High
/// Command rank is High Command's alone.
pub fn check_rank_edit(
    levels: Levels<'_>,
    editor: Editor<'_>,
    current: &str,
    wanted: Option<&str>,
) -> Result<(), &'static str> {
    match wanted {
        Some(level) if level != current => check_rank_level(levels, editor, Some(current), level),
        _ if levels.is_top(current) && !editor.is_high_command(levels) => Err(ONLY_HIGH_COMMAND),
        _ => Ok(()),
    }
}

/// The levels an editor may give to ranks and people: every level for High Command and
/// owners, otherwise those below their own.
pub fn assignable_levels<'a>(levels: Levels<'a>, editor: Editor<'_>) -> Vec<&'a str> {
    levels.0.iter().map(String::as_str).filter(|l| editor.above(levels, l)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> Vec<String> {
        ["deputy", "supervisor", "command", "high_command"].map(String::from).to_vec()
    }

    fn editor(level: &str) -> Editor<'_> {
        Editor { level: Some(level), owner: false, own_entries: &[1] }
    }

    fn held(level: &str) -> Held<'_> {
        Held { id: 2, level: Some(level), rank_id: Some(level), status: "Active" }
    }

    fn wanted(level: &str) -> Wanted<'_> {
        Wanted { level, rank_id: level, status: "Active" }
    }

    #[test]
    fn managers_touch_only_levels_below_their_own() {
        let l = defaults();
        let levels = Levels(&l);
        let command = editor("command");
        assert_eq!(check_roster_change(levels, command, None, wanted("supervisor")), Ok(()));
        assert_eq!(
            check_roster_change(levels, command, None, wanted("command")),
            Err(BELOW_OWN_LEVEL)
        );
        assert_eq!(
            check_roster_change(levels, command, None, wanted("high_command")),
            Err(ONLY_HIGH_COMMAND)
        );
        assert_eq!(
            check_roster_change(levels, command, Some(held("deputy")), wanted("supervisor")),
            Ok(())
        );
        assert_eq!(
            check_roster_change(levels, command, Some(held("command")), wanted("deputy")),
            Err(BELOW_OWN_LEVEL),
            "demoting a peer"
        );
        assert_eq!(
            check_roster_change(levels, command, Some(held("high_command")), wanted("deputy")),
            Err(ONLY_HIGH_COMMAND),
            "demoting High Command"
        );
    }

    #[test]
    fn high_command_touches_anyone_but_never_its_own_rank_or_status() {
        let l = defaults();
        let levels = Levels(&l);
        let hc = editor("high_command");
        assert_eq!(check_roster_change(levels, hc, None, wanted("high_command")), Ok(()));
        assert_eq!(
            check_roster_change(levels, hc, Some(held("high_command")), wanted("deputy")),
            Ok(())
        );
        let own = Held { id: 1, ..held("high_command") };
        assert_eq!(check_roster_change(levels, hc, Some(own), wanted("deputy")), Err(OWN_ENTRY));
        let suspend = Wanted { status: "Suspended", ..wanted("high_command") };
        assert_eq!(check_roster_change(levels, hc, Some(own), suspend), Err(OWN_ENTRY));
        assert_eq!(
            check_roster_change(levels, hc, Some(own), wanted("high_command")),
            Ok(()),
            "other fields of one's own entry"
        );
        let owner = Editor { owner: true, level: None, own_entries: &[1] };
        assert_eq!(check_roster_change(levels, owner, Some(own), wanted("deputy")), Ok(()));
    }

    #[test]
    fn rank_levels_follow_the_same_line() {
        let l = defaults();
        let levels = Levels(&l);
        let command = editor("command");
        assert_eq!(check_rank_level(levels, command, None, "supervisor"), Ok(()));
        assert_eq!(
            check_rank_level(levels, command, Some("command"), "high_command"),
            Err(ONLY_HIGH_COMMAND)
        );
        assert_eq!(
            check_rank_level(levels, command, Some("command"), "supervisor"),
            Err(RANK_LEVEL_BELOW_OWN)
        );
        assert_eq!(
            check_rank_level(levels, command, Some("deputy"), "high_command"),
            Err(ONLY_HIGH_COMMAND)
        );
        assert_eq!(
            check_rank_level(levels, command, Some("high_command"), "deputy"),
            Err(ONLY_HIGH_COMMAND)
        );
        assert_eq!(check_rank_edit(levels, command, "command", None), Ok(()), "a rename");
        assert_eq!(check_rank_edit(levels, command, "command", Some("command")), Ok(()));
        assert_eq!(
            check_rank_edit(levels, command, "command", Some("deputy")),
            Err(RANK_LEVEL_BELOW_OWN)
        );
        assert_eq!(check_rank_edit(levels, command, "high_command", None), Err(ONLY_HIGH_COMMAND));
        assert_eq!(check_rank_edit(levels, editor("high_command"), "high_command", None), Ok(()));
        let no_level = Editor { level: None, owner: false, own_entries: &[] };
        assert_eq!(check_rank_level(levels, no_level, None, "deputy"), Err(RANK_LEVEL_BELOW_OWN));
        assert_eq!(assignable_levels(levels, command), vec!["deputy", "supervisor"]);
        assert_eq!(assignable_levels(levels, editor("high_command")).len(), 4);
    }

    #[test]
    fn custom_levels_and_unknown_levels() {
        let l: Vec<String> = ["cadet", "officer", "sergeant", "chief"].map(String::from).to_vec();
        let levels = Levels(&l);
        let sergeant = editor("sergeant");
        assert_eq!(check_roster_change(levels, sergeant, None, wanted("officer")), Ok(()));
        assert_eq!(
            check_roster_change(levels, sergeant, None, wanted("chief")),
            Err(ONLY_HIGH_COMMAND)
        );
        assert_eq!(
            check_roster_change(levels, sergeant, Some(held("retired_level")), wanted("cadet")),
            Err(ONLY_HIGH_COMMAND),
            "a level the list does not know counts as the top"
        );
        let unranked = Held { level: None, ..held("cadet") };
        assert_eq!(
            check_roster_change(levels, sergeant, Some(unranked), wanted("cadet")),
            Err(ONLY_HIGH_COMMAND)
        );
        assert_eq!(
            check_roster_change(levels, editor("chief"), Some(unranked), wanted("cadet")),
            Ok(())
        );
    }
}
