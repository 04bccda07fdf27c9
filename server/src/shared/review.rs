//! The review state machine of reported incidents, one for every report kind: each kind
//! names its statuses, what opening a report in review does, and the supervisor's actions
//! (which statuses they start from, where they lead, whether they sign, whether they need
//! notes). Use of force and arrests both call this; a history row records every change.

use crate::error::{bad_request, conflict, AppError};
use crate::tenancy::pools::AgencyConnection;

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
    /// The kind as people read it, before a number ("Use of force #4").
    pub title: &'static str,
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
    title: "Use of force",
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
    title: "Arrest",
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
    title: "Ticket",
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
pub const SIGNED_OUTCOME: &str =
    "This report is signed: its outcome changes only with a new signed decision (Approve & Sign or Deny).";

/// Why the flow refuses a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The request itself is wrong (400).
    Invalid(String),
    /// It would change a signed outcome without a new signature (409).
    Signed,
}

impl From<String> for Refusal {
    fn from(message: String) -> Self {
        Self::Invalid(message)
    }
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::Invalid(message) => bad_request(message),
            Refusal::Signed => conflict(SIGNED_OUTCOME),
        }
    }
}

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

    /// Whether a report in `status` carries a signature (its outcome is a decision).
    pub fn is_decision(&self, status: &str) -> bool {
        !self.unsigned.contains(&status)
    }

    /// Decides a request on a report whose status is `current` (an unknown stored status
    /// counts as the initial one); `notes_change` says whether the reviewer's notes differ
    /// from the stored ones. `Ok(None)`: nothing to change. A decided (signed) outcome is only
    /// ever replaced by a new signed decision, and a decision is always signed: saving a
    /// decided outcome (or new notes on one) signs it as the reviewer.
    pub fn decide(
        &self,
        current: &str,
        request: Request<'_>,
        notes: Option<&str>,
        notes_change: bool,
    ) -> Result<Option<Change>, Refusal> {
        let from = self.status(current).unwrap_or(self.initial);
        let signed = self.is_decision(from);
        match request {
            Request::Open => Ok(match self.on_open {
                Some((when, then)) if when == from => Some(Change { from, to: then, signs: false }),
                _ => None,
            }),
            Request::Act(name) => {
                let action = self
                    .actions
                    .iter()
                    .find(|a| a.name == name)
                    .ok_or_else(|| format!("Unknown review action '{name}'."))?;
                if !action.from.is_empty() && !action.from.contains(&from) {
                    return Err(format!("A report that is {from} cannot be given '{name}'.").into());
                }
                if action.needs_notes && notes.map(str::trim).is_none_or(str::is_empty) {
                    return Err(NOTES_REQUIRED.to_owned().into());
                }
                if signed && !action.signs {
                    return Err(Refusal::Signed);
                }
                Ok(Some(Change { from, to: action.to, signs: action.signs }))
            }
            Request::Save(wanted) => {
                let to = match wanted {
                    Some(wanted) => self.parse_status(wanted)?,
                    None => from,
                };
                if !self.free_outcome && to != from {
                    return Err("Use the review actions to change this report's status."
                        .to_owned()
                        .into());
                }
                if self.is_decision(to) {
                    let changes = to != from || notes_change;
                    return Ok(changes.then_some(Change { from, to, signs: true }));
                }
                if signed {
                    return Err(Refusal::Signed);
                }
                Ok((to != from).then_some(Change { from, to, signs: false }))
            }
        }
    }
}

/// Records one change in the report's history.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn record(
    conn: &mut AgencyConnection,
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

    fn decide(
        f: &Flow,
        current: &str,
        request: Request<'_>,
        notes: Option<&str>,
    ) -> Result<Option<Change>, Refusal> {
        f.decide(current, request, notes, notes.is_some())
    }

    #[test]
    fn use_of_force_follows_the_specification() {
        let f = &USE_OF_FORCE;
        assert_eq!(
            decide(f, "pending", Request::Open, None),
            Ok(change("pending", "under_review", false))
        );
        assert_eq!(
            decide(f, "in_policy", Request::Open, None),
            Ok(None),
            "only pending moves on open"
        );
        assert_eq!(
            decide(f, "under_review", Request::Act("approve"), None),
            Ok(change("under_review", "in_policy", true))
        );
        assert_eq!(
            decide(f, "in_policy", Request::Act("deny"), None),
            Ok(change("in_policy", "out_of_policy", true)),
            "a new signed decision may change a signed outcome"
        );
        assert_eq!(
            decide(f, "under_review", Request::Save(Some("pending")), None),
            Ok(change("under_review", "pending", false)),
            "an undecided outcome may be picked freely"
        );
        assert_eq!(decide(f, "pending", Request::Save(None), Some("notes")), Ok(None));
        assert_eq!(
            decide(f, "pending", Request::Save(Some("lost")), None),
            Err(Refusal::Invalid(
                "Unknown status 'lost'. Use one of: pending, under_review, in_policy, out_of_policy."
                    .into()
            ))
        );
        assert_eq!(
            decide(f, "gibberish", Request::Open, None),
            Ok(change("pending", "under_review", false)),
            "an unknown stored status counts as pending"
        );
    }

    #[test]
    fn a_decision_is_always_signed_and_only_a_new_one_changes_it() {
        let f = &USE_OF_FORCE;
        assert_eq!(
            decide(f, "under_review", Request::Save(Some("in_policy")), None),
            Ok(change("under_review", "in_policy", true)),
            "saving a decided outcome signs it"
        );
        assert_eq!(
            decide(f, "in_policy", Request::Save(Some("out_of_policy")), None),
            Ok(change("in_policy", "out_of_policy", true)),
            "a new outcome is a new signed decision"
        );
        assert_eq!(
            decide(f, "in_policy", Request::Save(Some("pending")), None),
            Err(Refusal::Signed),
            "a signed outcome is not undone without a decision"
        );
        assert_eq!(decide(f, "out_of_policy", Request::Save(None), None), Ok(None));
        assert_eq!(
            decide(f, "out_of_policy", Request::Save(None), Some("Different notes")),
            Ok(change("out_of_policy", "out_of_policy", true)),
            "new notes on a decision sign it again"
        );
        assert!(f.is_decision("in_policy") && !f.is_decision("under_review"));
    }

    #[test]
    fn arrests_are_approved_or_returned_with_notes() {
        let f = &ARREST;
        assert_eq!(
            decide(f, "pending", Request::Open, None),
            Ok(change("pending", "under_review", false))
        );
        assert_eq!(
            decide(f, "under_review", Request::Act("approve"), None),
            Ok(change("under_review", "approved", true))
        );
        assert_eq!(
            decide(f, "under_review", Request::Act("return"), Some("  ")),
            Err(Refusal::Invalid(NOTES_REQUIRED.into()))
        );
        assert_eq!(
            decide(f, "under_review", Request::Act("return"), Some("Add the narrative")),
            Ok(change("under_review", "returned", false))
        );
        assert_eq!(
            decide(f, "approved", Request::Act("return"), Some("x")),
            Err(Refusal::Invalid("A report that is approved cannot be given 'return'.".into()))
        );
        assert_eq!(
            decide(f, "returned", Request::Act("refile"), None),
            Ok(change("returned", "pending", false))
        );
        assert!(
            decide(f, "approved", Request::Save(Some("pending")), None).is_err(),
            "no free outcome"
        );
        assert_eq!(decide(f, "approved", Request::Save(Some("approved")), None), Ok(None));
        assert_eq!(
            decide(f, "pending", Request::Act("deny"), None),
            Err(Refusal::Invalid("Unknown review action 'deny'.".into()))
        );
    }
}
