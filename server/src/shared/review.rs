//! The review state machine of reported incidents, one for every report kind: each kind
//! names its statuses, what opening a report in review does, and the supervisor's actions
//! (which statuses they start from, where they lead, whether they sign, whether they need
//! notes). Use of force and arrests both call this; a history row records every change.

use sqlx::PgConnection;

/// A supervisor's action on a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Action {
    pub name: &'static str,
    /// Statuses the action may start from (empty: any).
    pub from: &'static [&'static str],
    pub to: &'static str,
    /// Records the supervisor and the time as the signature.
    pub signs: bool,
    /// Refused without review notes.
    pub needs_notes: bool,
}

/// How one kind of report is reviewed.
#[derive(Debug, Clone, Copy)]
pub struct Flow {
    /// Stored with history rows (`use_of_force`, `arrest`).
    pub kind: &'static str,
    pub statuses: &'static [&'static str],
    /// The status of a newly filed report.
    pub initial: &'static str,
    /// Opening a report in review moves it from the first to the second status.
    pub on_open: Option<(&'static str, &'static str)>,
    pub actions: &'static [Action],
    /// 'Save' may set any of the statuses (use of force: "The outcome can also be picked
    /// freely among the four values").
    pub free_outcome: bool,
    /// Statuses in which a report carries no signature (moving back to one clears it).
    pub unsigned: &'static [&'static str],
}

/// command-and-reports §4 "Use-of-force report status".
pub const USE_OF_FORCE: Flow = Flow {
    kind: "use_of_force",
    statuses: &["pending", "under_review", "in_policy", "out_of_policy"],
    initial: "pending",
    on_open: Some(("pending", "under_review")),
    actions: &[
        Action { name: "approve", from: &[], to: "in_policy", signs: true, needs_notes: false },
        Action { name: "deny", from: &[], to: "out_of_policy", signs: true, needs_notes: false },
    ],
    free_outcome: true,
    unsigned: &["pending", "under_review"],
};

/// Arrest review (designed like the use-of-force review): approve and sign, or return for
/// correction with notes; a returned report goes back to pending when refiled.
pub const ARREST: Flow = Flow {
    kind: "arrest",
    statuses: &["pending", "under_review", "approved", "returned"],
    initial: "pending",
    on_open: Some(("pending", "under_review")),
    actions: &[
        Action {
            name: "approve",
            from: &["pending", "under_review"],
            to: "approved",
            signs: true,
            needs_notes: false,
        },
        Action {
            name: "return",
            from: &["pending", "under_review"],
            to: "returned",
            signs: false,
            needs_notes: true,
        },
        Action {
            name: "refile",
            from: &["returned"],
            to: "pending",
            signs: false,
            needs_notes: false,
        },
    ],
    free_outcome: false,
    unsigned: &["pending", "under_review", "returned"],
};

/// Tickets are issued, not reviewed: one status and no actions, so a ticket's status never
/// changes.
pub const TICKET: Flow = Flow {
    kind: "ticket",
    statuses: &["issued"],
    initial: "issued",
    on_open: None,
    actions: &[],
    free_outcome: false,
    unsigned: &["issued"],
};

/// What a reviewer asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request<'a> {
    /// The report was opened in review.
    Open,
    /// A named action ('approve', 'deny', 'return', …).
    Act(&'a str),
    /// Save notes, and with a free outcome, the chosen status (none: keep the current one).
    Save(Option<&'a str>),
}

/// A change the flow allows: from, to, and whether it signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    pub from: &'static str,
    pub to: &'static str,
    pub signs: bool,
}

pub const NOTES_REQUIRED: &str = "Write review notes that say what to correct.";

impl Flow {
    fn status(&self, raw: &str) -> Option<&'static str> {
        self.statuses.iter().copied().find(|s| *s == raw)
    }

    /// One of the flow's statuses, or the sentence naming them.
    pub fn parse_status(&self, raw: &str) -> Result<&'static str, String> {
        self.status(raw).ok_or_else(|| {
            format!("Unknown status '{raw}'. Use one of: {}.", self.statuses.join(", "))
        })
    }

    /// Decides a request on a report whose status is `current` (an unknown stored status
    /// counts as the initial one). `Ok(None)`: nothing to change.
    pub fn decide(
        &self,
        current: &str,
        request: Request<'_>,
        notes: Option<&str>,
    ) -> Result<Option<Change>, String> {
        let from = self.status(current).unwrap_or(self.initial);
        let to = match request {
            Request::Open => match self.on_open {
                Some((when, then)) if when == from => then,
                _ => return Ok(None),
            },
            Request::Act(name) => {
                let action = self
                    .actions
                    .iter()
                    .find(|a| a.name == name)
                    .ok_or_else(|| format!("Unknown review action '{name}'."))?;
                if !action.from.is_empty() && !action.from.contains(&from) {
                    return Err(format!("A report that is {from} cannot be given '{name}'."));
                }
                if action.needs_notes && notes.map(str::trim).is_none_or(str::is_empty) {
                    return Err(NOTES_REQUIRED.into());
                }
                return Ok(Some(Change { from, to: action.to, signs: action.signs }));
            }
            Request::Save(None) => return Ok(None),
            Request::Save(Some(wanted)) => {
                let wanted = self.parse_status(wanted)?;
                if !self.free_outcome && wanted != from {
                    return Err("Use the review actions to change this report's status.".into());
                }
                wanted
            }
        };
        Ok((to != from).then_some(Change { from, to, signs: false }))
    }
}

/// Records one change in the report's history.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn record(
    conn: &mut PgConnection,
    flow: &Flow,
    report_id: i64,
    change: &Change,
    actor: &str,
    actor_id: Option<&str>,
    notes: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO review_history (report_kind, report_id, from_status, to_status, actor, actor_id, notes)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(flow.kind)
    .bind(report_id)
    .bind(change.from)
    .bind(change.to)
    .bind(actor)
    .bind(actor_id)
    .bind(notes)
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(from: &'static str, to: &'static str, signs: bool) -> Option<Change> {
        Some(Change { from, to, signs })
    }

    #[test]
    fn use_of_force_follows_the_specification() {
        let f = USE_OF_FORCE;
        assert_eq!(
            f.decide("pending", Request::Open, None),
            Ok(change("pending", "under_review", false))
        );
        assert_eq!(
            f.decide("in_policy", Request::Open, None),
            Ok(None),
            "only pending moves on open"
        );
        assert_eq!(
            f.decide("under_review", Request::Act("approve"), None),
            Ok(change("under_review", "in_policy", true))
        );
        assert_eq!(
            f.decide("in_policy", Request::Act("deny"), None),
            Ok(change("in_policy", "out_of_policy", true))
        );
        assert_eq!(
            f.decide("under_review", Request::Save(Some("pending")), None),
            Ok(change("under_review", "pending", false)),
            "the outcome may be picked freely"
        );
        assert_eq!(f.decide("pending", Request::Save(None), Some("notes")), Ok(None));
        assert_eq!(
            f.decide("pending", Request::Save(Some("lost")), None).unwrap_err(),
            "Unknown status 'lost'. Use one of: pending, under_review, in_policy, out_of_policy."
        );
        assert_eq!(
            f.decide("gibberish", Request::Open, None),
            Ok(change("pending", "under_review", false)),
            "an unknown stored status counts as pending"
        );
    }

    #[test]
    fn arrests_are_approved_or_returned_with_notes() {
        let f = ARREST;
        assert_eq!(
            f.decide("pending", Request::Open, None),
            Ok(change("pending", "under_review", false))
        );
        assert_eq!(
            f.decide("under_review", Request::Act("approve"), None),
            Ok(change("under_review", "approved", true))
        );
        assert_eq!(
            f.decide("under_review", Request::Act("return"), Some("  ")).unwrap_err(),
            NOTES_REQUIRED
        );
        assert_eq!(
            f.decide("under_review", Request::Act("return"), Some("Add the narrative")),
            Ok(change("under_review", "returned", false))
        );
        assert_eq!(
            f.decide("approved", Request::Act("return"), Some("x")).unwrap_err(),
            "A report that is approved cannot be given 'return'."
        );
        assert_eq!(
            f.decide("returned", Request::Act("refile"), None),
            Ok(change("returned", "pending", false))
        );
        assert!(
            f.decide("approved", Request::Save(Some("pending")), None).is_err(),
            "no free outcome"
        );
        assert_eq!(f.decide("approved", Request::Save(Some("approved")), None), Ok(None));
        assert_eq!(
            f.decide("pending", Request::Act("deny"), None).unwrap_err(),
            "Unknown review action 'deny'."
        );
    }
}
