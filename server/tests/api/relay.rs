//! A TCP relay to the test's Postgres server, to take the database away from under the
//! portal: [`Relay::cut`] closes every connection it carries and refuses new ones until
//! [`Relay::restore`]; [`Relay::silence`] makes the connections it carries stop passing
//! anything either way while staying open, as a network that dropped them without a word
//! (connections made afterwards pass as before).

use std::sync::{
    atomic::{AtomicBool, AtomicU64, Ordering},
    Arc, Mutex,
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{
        tcp::{OwnedReadHalf, OwnedWriteHalf},
        TcpListener, TcpStream,
    },
    task::AbortHandle,
};

pub(crate) struct Relay {
    /// The database of the URL given, reached through the relay.
    pub(crate) url: String,
    up: Arc<AtomicBool>,
    links: Arc<Mutex<Vec<AbortHandle>>>,
    /// Connections numbered below this one are silent.
    silent_below: Arc<AtomicU64>,
    accepted: Arc<AtomicU64>,
}

impl Relay {
    /// A relay to the server of `database_url`.
    pub(crate) async fn to(database_url: &str) -> Self {
        let mut url = url::Url::parse(database_url).unwrap();
        let server = (url.host_str().unwrap().to_owned(), url.port().unwrap_or(5432));
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        url.set_host(Some("127.0.0.1")).unwrap();
        url.set_port(Some(listener.local_addr().unwrap().port())).unwrap();
        let relay = Self {
            url: url.into(),
            up: Arc::new(AtomicBool::new(true)),
            links: Arc::default(),
            silent_below: Arc::new(AtomicU64::new(0)),
            accepted: Arc::new(AtomicU64::new(0)),
        };
        let (up, links) = (relay.up.clone(), relay.links.clone());
        let (silent_below, accepted) = (relay.silent_below.clone(), relay.accepted.clone());
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                if !up.load(Ordering::SeqCst) {
                    continue; // dropped: the connection closes at once
                }
                let number = accepted.fetch_add(1, Ordering::SeqCst);
                let silent_below = silent_below.clone();
                let server = server.clone();
                let link = tokio::spawn(async move {
                    let Ok(upstream) = TcpStream::connect(server).await else { return };
                    let ((from_client, to_client), (from_server, to_server)) =
                        (client.into_split(), upstream.into_split());
                    let silent = move || number < silent_below.load(Ordering::SeqCst);
                    tokio::join!(
                        pass(from_client, to_server, silent.clone()),
                        pass(from_server, to_client, silent)
                    );
                });
                links.lock().unwrap().push(link.abort_handle());
            }
        });
        relay
    }

    /// Closes every connection and refuses new ones.
    pub(crate) fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }

    pub(crate) fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }

    /// How many connections the relay has carried.
    pub(crate) fn connections(&self) -> u64 {
        self.accepted.load(Ordering::SeqCst)
    }

    /// Every connection open now falls silent.
    pub(crate) fn silence(&self) {
        self.silent_below.store(self.accepted.load(Ordering::SeqCst), Ordering::SeqCst);
    }
}

/// Copies `from` to `to` until either closes; once `silent`, holds both open and passes nothing.
async fn pass(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, silent: impl Fn() -> bool) {
    let mut buffer = vec![0; 16 * 1024];
    while let Ok(read @ 1..) = from.read(&mut buffer).await {
        if silent() {
            std::future::pending::<()>().await;
        }
        if to.write_all(&buffer[..read]).await.is_err() {
            break;
        }
    }
}
