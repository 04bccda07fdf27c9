//! What the calendar does to the roster (a job, every fifteen minutes, each agency; issue 23):
//! approved leave that has begun puts its member on LOA and leave that has ended takes them back
//! ([`leave::apply`]); held qualifications about to expire are announced once
//! ([`qualifications::announce_expiring`]). Several instances may run it: each change is taken
//! once.
//!
//! A round visits every agency and finds nothing to do in nearly all of them, so one statement
//! first asks what is due (and today's date), and the work that locks rows runs only where
//! something is: three round trips for a quiet agency (checkout, the question, return) where
//! the work itself takes a dozen. The question is sent as text (the simple protocol: one round
//! trip, where an unnamed prepared statement takes two), never kept as a prepared statement:
//! kept, each agency's copy would take a place in the statement cache of the connection the
//! round passes through, pushing the requests' own statements out (issue 29, *Connections* in
//! the README).

use chrono::NaiveDate;
use sqlx::{Executor, FromRow};

use crate::{
    shared::{
        leave::{self, ending, starting},
        qualifications::{self, expiring},
    },
    tenancy::pools::TenantDb,
};

/// What one round did in one agency.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    pub started: usize,
    pub ended: usize,
    pub expiring: usize,
}

impl Round {
    /// Whether the round changed what members see (their status, their alerts).
    pub fn changed(&self) -> bool {
        self.started + self.ended + self.expiring > 0
    }
}

#[derive(sqlx::FromRow)]
struct Due {
    today: NaiveDate,
    leave: bool,
    expiring: bool,
}

/// Runs the calendar's round in one agency.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn run(db: &TenantDb) -> sqlx::Result<Round> {
    let due = db
        .fetch_one(concat!(
            "SELECT CURRENT_DATE AS today,
                EXISTS (SELECT 1 FROM leave_requests WHERE ",
            starting!("CURRENT_DATE"),
            ") OR EXISTS (SELECT 1 FROM leave_requests WHERE ",
            ending!("CURRENT_DATE"),
            ") AS leave,
                EXISTS (SELECT 1 FROM member_qualifications h WHERE ",
            expiring!(),
            ") AS expiring"
        ))
        .await?;
    let due = Due::from_row(&due)?;
    let mut round = Round::default();
    if due.leave {
        let applied = leave::apply(db, due.today).await?;
        (round.started, round.ended) = (applied.started, applied.ended);
    }
    if due.expiring {
        round.expiring = qualifications::announce_expiring(db).await?;
    }
    Ok(round)
}
