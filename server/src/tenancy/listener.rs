//! `LISTEN` connections that notice when they stop hearing.
//!
//! A listener only ever reads, so a connection that a network or firewall dropped without a
//! word looks, to it, like a quiet database: notifications stop and nothing says so until
//! the operating system gives up on the connection (many minutes). The registry's listener
//! keeps every instance's caches in step (a revoked session, an agency moving server), the
//! collaboration relay carries live edits between instances; neither may go deaf unnoticed.
//!
//! So a [`Listener`] also listens on a channel of its own, and after [`CHECK_EVERY`] with
//! nothing heard it announces on that channel through another connection of its pool. Heard
//! back within the same time, it goes on; not heard, it gives up (an error), and its caller
//! starts a new one, knowing notifications may have been missed.

use std::time::Duration;

use futures::{stream::BoxStream, StreamExt};
use sqlx::{
    postgres::{PgListener, PgNotification},
    PgPool,
};

/// How long a listener hears nothing before it checks that it still can, and how long it
/// waits to hear its own announcement (or its `LISTEN` answered).
pub const CHECK_EVERY: Duration = Duration::from_secs(10);

/// A `LISTEN` connection of a pool, on some channels and one of its own.
pub struct Listener {
    /// What the connection receives, as [`PgListener::try_recv`] gives it. A stream, so that a
    /// wait given up after [`CHECK_EVERY`] leaves a message being read in place for the next.
    received: BoxStream<'static, sqlx::Result<Option<PgNotification>>>,
    pool: PgPool,
    /// The listener's own channel, which only its own announcements use.
    own: String,
    check: Duration,
}

impl Listener {
    /// A listener on `channels` through a connection of `pool`, checked after `check` of
    /// silence ([`CHECK_EVERY`] but in tests). Its `LISTEN` must be answered within `check`:
    /// a connection handed out untested (`tenancy::pools`) may not answer at all.
    pub async fn open(pool: &PgPool, channels: &[&str], check: Duration) -> sqlx::Result<Self> {
        let mut listener = PgListener::connect_with(pool).await?;
        let own = format!("portal_listener_{}", uuid::Uuid::new_v4().simple());
        let all = channels.iter().copied().chain([own.as_str()]);
        tokio::time::timeout(check, listener.listen_all(all)).await.map_err(|_| silent())??;
        let received = futures::stream::unfold(listener, |mut listener| async move {
            let next = listener.try_recv().await;
            Some((next, listener))
        })
        .boxed();
        Ok(Self { received, pool: pool.clone(), own, check })
    }

    /// The next notification. `Ok(None)`: the connection was lost and another one took its
    /// place, so notifications may have been missed. An error: this listener is given up (its
    /// connection failed, or does not hear its own announcement); open another.
    pub async fn next(&mut self) -> sqlx::Result<Option<PgNotification>> {
        let mut asked = false;
        loop {
            match tokio::time::timeout(self.check, self.received.next()).await {
                Ok(Some(Ok(Some(heard)))) if heard.channel() == self.own => asked = false,
                Ok(Some(received)) => return received,
                // The stream never ends (`open`); and a wait for the answer given up.
                Ok(None) => return Err(silent()),
                Err(_) if asked => return Err(silent()),
                Err(_) => {
                    asked = true;
                    announce(&self.pool, &self.own, self.check).await;
                }
            }
        }
    }
}

/// Announces on a listener's own channel (`own`) through another connection of its pool, for
/// at most `limit`. A failure is not returned: the announcement then goes unheard, which gives
/// the listener up.
async fn announce(pool: &PgPool, own: &str, limit: Duration) {
    let sent = sqlx::query("SELECT pg_notify($1, '')").bind(own).execute(pool);
    if let Ok(Err(error)) = tokio::time::timeout(limit, sent).await {
        tracing::debug!(%error, "cannot check a listener");
    }
}

fn silent() -> sqlx::Error {
    sqlx::Error::Io(std::io::Error::new(
        std::io::ErrorKind::TimedOut,
        "the listening connection stopped hearing",
    ))
}
