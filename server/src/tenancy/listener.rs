//! `LISTEN` connections that notice when they stop hearing.
//!
//! A listener only ever reads, so a connection that a network or firewall dropped without a
//! word looks, to it, like a quiet database: notifications stop and nothing says so, ever (a
//! connection that sends nothing is never given up by the operating system). The registry's
//! listener keeps every instance's caches in step (a revoked session, an agency moving
//! server), the collaboration relay carries live edits between instances; neither may go deaf
//! unnoticed.
//!
//! So after `check` ([`CHECK_EVERY`] but in tests) with nothing heard, a [`Listener`] asks its
//! own connection a trivial question. Answered within the same time, it goes on listening (a
//! notification that came meanwhile is kept for it); not answered, or its connection lost, it
//! ends with an error, and its caller opens another, knowing notifications may have been
//! missed. No other connection is needed, so the check works in a lane of one connection and
//! while every other connection is busy.

use std::time::Duration;

use sqlx::{
    postgres::{PgListener, PgNotification},
    PgPool,
};

use crate::tenancy::pools::answered;

/// How long a listener hears nothing before it checks that it still can, and how long the
/// check (or its `LISTEN`) may take.
pub const CHECK_EVERY: Duration = Duration::from_secs(10);

/// A `LISTEN` connection of a pool.
pub struct Listener {
    listener: PgListener,
    check: Duration,
}

impl Listener {
    /// A listener on `channels` through a connection of `pool`, checked after `check` of
    /// silence. Its `LISTEN` must be answered within `check`: a connection handed out untested
    /// (`tenancy::pools`) may not answer at all.
    pub async fn open(pool: &PgPool, channels: &[&str], check: Duration) -> sqlx::Result<Self> {
        let mut listener = PgListener::connect_with(pool).await?;
        // A lost connection ends this listener ([`Self::next`]) rather than being replaced
        // inside `try_recv`, so a wait that `next` gives up is only ever a wait for the next
        // message, which sqlx leaves intact when it is given up.
        listener.eager_reconnect(false);
        answered(check, listener.listen_all(channels.iter().copied())).await?;
        Ok(Self { listener, check })
    }

    /// The next notification; an error when the connection was lost or stopped answering
    /// (notifications may have been missed: open another listener).
    pub async fn next(&mut self) -> sqlx::Result<PgNotification> {
        loop {
            match tokio::time::timeout(self.check, self.listener.try_recv()).await {
                Ok(Ok(Some(notification))) => return Ok(notification),
                Ok(Ok(None)) => return Err(lost()),
                Ok(Err(error)) => return Err(error),
                Err(_quiet) => {
                    let asked = sqlx::query("SELECT 1").execute(&mut self.listener);
                    answered(self.check, asked).await?;
                }
            }
        }
    }
}

fn lost() -> sqlx::Error {
    sqlx::Error::Io(std::io::Error::new(
        std::io::ErrorKind::ConnectionAborted,
        "the listening connection was lost",
    ))
}
