//! `scripts/bench`'s collaborative editing figures (issue 28): EDITORS editors on loopback
//! type into one document at once, each an update every INTERVAL ms, and the time for each
//! update to reach every other editor is measured (median and p99). The ceiling is the same
//! fan-out through a bare WebSocket relay in this process (every message passed to every
//! other connection, nothing stored or checked), with the same clients.
//!
//! `collab-bench <ws url of /api/sops/{id}/collab> <agency slug> <cookies> <origin>
//!  [editors] [updates each] [interval ms]` prints `portal <median ms> <p99 ms>` and
//! `relay <median ms> <p99 ms>`. `<cookies>` holds one or more session cookies separated by
//! blanks, taken in turn by the editors (one session may have 16 sockets open at once).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{
    extract::ws::{Message as AxumMessage, WebSocket, WebSocketUpgrade},
    routing::get,
    Router,
};
use futures::{SinkExt, StreamExt};
use tokio::sync::{broadcast, Barrier};
use tokio_tungstenite::{
    connect_async,
    tungstenite::{client::IntoClientRequest, http::HeaderValue, Message},
};
use yrs::{
    sync::{Awareness, DefaultProtocol, Message as YMessage, Protocol, SyncMessage},
    updates::encoder::Encode,
    ClientID, ReadTxn, StateVector, Text, Transact, XmlElementPrelim, XmlFragment, XmlOut,
    XmlTextPrelim,
};

/// Each update sent: when, and how many editors have yet to get it.
#[derive(Default)]
struct Tally {
    sent: HashMap<(ClientID, u32), (Instant, usize)>,
    reached: Vec<Duration>,
}

struct Target {
    url: String,
    headers: Vec<(&'static str, String)>,
    /// Session cookies, taken in turn by the editors (none for the relay).
    cookies: Vec<String>,
    /// The relay does not seed: the first editor does, for the others.
    seeded_by_server: bool,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        anyhow::bail!("usage: collab-bench <ws url> <agency> <cookies> <origin> [editors] [updates] [interval ms]");
    }
    let editors: usize = args.get(5).map_or(Ok(20), |a| a.parse())?;
    let updates: usize = args.get(6).map_or(Ok(30), |a| a.parse())?;
    let interval = Duration::from_millis(args.get(7).map_or(Ok(100), |a| a.parse())?);

    let portal = Target {
        url: args[1].clone(),
        headers: vec![("x-agency-slug", args[2].clone()), ("origin", args[4].clone())],
        cookies: args[3].split_whitespace().map(str::to_owned).collect(),
        seeded_by_server: true,
    };
    let times = run(&portal, editors, updates, interval).await?;
    report("portal", times);

    let relay = serve_relay().await?;
    let times = run(&relay, editors, updates, interval).await?;
    report("relay", times);
    Ok(())
}

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| {
        let i = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1;
        times[i].as_secs_f64() * 1000.0
    };
    if times.is_empty() {
        println!("{name} nan nan");
    } else {
        println!("{name} {:.2} {:.2}", at(0.5), at(0.99));
    }
}

/// The bare relay: every binary message to every other connection.
async fn serve_relay() -> anyhow::Result<Target> {
    let (frames, _) = broadcast::channel::<(u64, Vec<u8>)>(65_536);
    let next = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let app = Router::new().route(
        "/relay",
        get(move |ws: WebSocketUpgrade| {
            let frames = frames.clone();
            let me = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            async move { ws.on_upgrade(move |socket| relay(socket, me, frames)) }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(Target {
        url: format!("ws://{address}/relay"),
        headers: vec![],
        cookies: vec![],
        seeded_by_server: false,
    })
}

async fn relay(socket: WebSocket, me: u64, frames: broadcast::Sender<(u64, Vec<u8>)>) {
    let (mut sink, mut stream) = socket.split();
    let mut rx = frames.subscribe();
    loop {
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(AxumMessage::Binary(data))) => { let _ = frames.send((me, data.to_vec())); }
                Some(Ok(_)) => {}
                _ => return,
            },
            frame = rx.recv() => match frame {
                Ok((from, data)) if from != me => {
                    if sink.send(AxumMessage::Binary(data.into())).await.is_err() { return; }
                }
                Ok(_) => {}
                Err(_) => return,
            },
        }
    }
}

async fn run(
    target: &Target,
    editors: usize,
    updates: usize,
    interval: Duration,
) -> anyhow::Result<Vec<Duration>> {
    let tally = Arc::new(Mutex::new(Tally::default()));
    let connected = Arc::new(Barrier::new(editors));
    let ready = Arc::new(Barrier::new(editors));
    let mut tasks = Vec::new();
    for n in 0..editors {
        let mut request = target.url.clone().into_client_request()?;
        for (name, value) in &target.headers {
            request.headers_mut().insert(*name, HeaderValue::from_str(value)?);
        }
        if !target.cookies.is_empty() {
            let cookie = &target.cookies[n % target.cookies.len()];
            request.headers_mut().insert("cookie", HeaderValue::from_str(cookie)?);
        }
        let (socket, _) = connect_async(request).await?;
        let tally = tally.clone();
        let (connected, ready) = (connected.clone(), ready.clone());
        let seeded_by_server = target.seeded_by_server;
        tasks.push(tokio::spawn(async move {
            editor(n, socket, tally, connected, ready, seeded_by_server, editors, updates, interval)
                .await
        }));
    }
    for task in tasks {
        task.await??;
    }
    let tally = std::mem::take(&mut *tally.lock().expect("tally"));
    if !tally.sent.is_empty() {
        eprintln!("warning: {} updates did not reach every editor in time", tally.sent.len());
    }
    Ok(tally.reached)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn has_paragraph(awareness: &Awareness) -> bool {
    let doc = awareness.doc();
    let txn = doc.transact();
    txn.get_xml_fragment("default").is_some_and(|f| {
        matches!(f.get(&txn, 0), Some(XmlOut::Element(p)) if matches!(p.get(&txn, 0), Some(XmlOut::Text(_))))
    })
}

#[allow(clippy::too_many_arguments)]
async fn editor(
    n: usize,
    mut socket: Socket,
    tally: Arc<Mutex<Tally>>,
    connected: Arc<Barrier>,
    ready: Arc<Barrier>,
    seeded_by_server: bool,
    editors: usize,
    updates: usize,
    interval: Duration,
) -> anyhow::Result<()> {
    let mut awareness = Awareness::new(yrs::Doc::new());
    let me = awareness.doc().client_id();
    let sv = awareness.doc().transact().state_vector();
    socket
        .send(Message::Binary(YMessage::Sync(SyncMessage::SyncStep1(sv)).encode_v1().into()))
        .await?;
    connected.wait().await;
    if !seeded_by_server && n == 0 {
        let update = {
            let doc = awareness.doc();
            let fragment = doc.get_or_insert_xml_fragment("default");
            let mut txn = doc.transact_mut();
            let paragraph = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            paragraph.push_back(&mut txn, XmlTextPrelim::new("Seed"));
            txn.encode_update_v1()
        };
        socket
            .send(Message::Binary(YMessage::Sync(SyncMessage::Update(update)).encode_v1().into()))
            .await?;
    }
    // Synced: the paragraph everyone types into is here.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !has_paragraph(&awareness) {
        anyhow::ensure!(Instant::now() < deadline, "editor {n} never got the document");
        receive(
            &mut socket,
            &mut awareness,
            &tally,
            me,
            &mut HashMap::new(),
            Duration::from_millis(50),
        )
        .await?;
    }
    ready.wait().await;
    // Counted from now: what this editor has of each other editor.
    let mut seen: HashMap<ClientID, u32> = HashMap::new();
    {
        let sv = awareness.doc().transact().state_vector();
        for (client, clock) in sv.iter() {
            seen.insert(*client, *clock);
        }
    }
    // Editors start spread over one interval.
    tokio::time::sleep(interval.mul_f64(n as f64 / editors as f64)).await;
    let mut next = tokio::time::Instant::now();
    let mut sent = 0;
    let finish = Instant::now() + interval * updates as u32 + Duration::from_secs(20);
    loop {
        if sent == updates && tally.lock().expect("tally").sent.keys().all(|(c, _)| *c != me) {
            // Keep receiving until everyone is done.
            if tally.lock().expect("tally").sent.is_empty() || Instant::now() > finish {
                return Ok(());
            }
        }
        if Instant::now() > finish {
            return Ok(());
        }
        tokio::select! {
            _ = tokio::time::sleep_until(next), if sent < updates => {
                next += interval;
                sent += 1;
                let update = {
                    let doc = awareness.doc();
                    let fragment = doc.get_or_insert_xml_fragment("default");
                    let mut txn = doc.transact_mut();
                    let Some(XmlOut::Element(p)) = fragment.get(&txn, 0) else { anyhow::bail!("no paragraph") };
                    let Some(XmlOut::Text(text)) = p.get(&txn, 0) else { anyhow::bail!("no text") };
                    let end = text.len(&txn);
                    text.insert(&mut txn, end, "x");
                    txn.encode_update_v1()
                };
                let clock = awareness.doc().transact().state_vector().get(&me);
                tally.lock().expect("tally").sent.insert((me, clock), (Instant::now(), editors - 1));
                socket.send(Message::Binary(YMessage::Sync(SyncMessage::Update(update)).encode_v1().into())).await?;
            }
            _ = receive(&mut socket, &mut awareness, &tally, me, &mut seen, Duration::from_millis(20)) => {}
        }
    }
}

/// Handles what arrives within `wait`, counting the updates that reached this editor.
async fn receive(
    socket: &mut Socket,
    awareness: &mut Awareness,
    tally: &Mutex<Tally>,
    me: ClientID,
    seen: &mut HashMap<ClientID, u32>,
    wait: Duration,
) -> anyhow::Result<()> {
    let Ok(next) = tokio::time::timeout(wait, socket.next()).await else { return Ok(()) };
    let Some(Ok(Message::Binary(data))) = next else {
        return match next {
            Some(Ok(Message::Close(frame))) => anyhow::bail!("closed: {frame:?}"),
            None => anyhow::bail!("closed"),
            _ => Ok(()),
        };
    };
    let replies = DefaultProtocol.handle(awareness, &data)?;
    for reply in replies {
        socket.send(Message::Binary(reply.encode_v1().into())).await?;
    }
    if seen.is_empty() {
        return Ok(());
    }
    let now = Instant::now();
    let sv: StateVector = awareness.doc().transact().state_vector();
    let mut tally = tally.lock().expect("tally");
    for (client, clock) in sv.iter() {
        if *client == me {
            continue;
        }
        let before = seen.get(client).copied().unwrap_or(0);
        if *clock <= before {
            continue;
        }
        seen.insert(*client, *clock);
        let arrived: Vec<(ClientID, u32)> = tally
            .sent
            .keys()
            .filter(|(c, k)| c == client && *k > before && *k <= *clock)
            .copied()
            .collect();
        for key in arrived {
            let done = {
                let entry = tally.sent.get_mut(&key).expect("sent");
                entry.1 -= 1;
                (entry.1 == 0).then_some(entry.0)
            };
            if let Some(at) = done {
                tally.sent.remove(&key);
                tally.reached.push(now - at);
            }
        }
    }
    Ok(())
}
