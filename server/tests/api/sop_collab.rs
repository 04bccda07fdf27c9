//! Writing an SOP's draft together (issue 28, stage 2): real WebSocket clients speaking the
//! y-websocket protocol with a `yrs` document each, against the real router. Two editors
//! converge and the draft is written back with both edits, by the member who typed last;
//! every refusal (signed out, without the permission, above their level, another agency,
//! another site's page, on leave; and while connected: the permission removed, put on leave,
//! signed out)
//! is answered; the state survives a restart and is relayed between two instances on one
//! database; the server stamps each cursor with the member's own name. From the final review:
//! a change past the document's size bound or outside the editor's fragment is refused and not
//! kept; cursors pass at a bounded rate per socket and reach other instances coalesced; the
//! re-check reads the agency's levels as they are then; each member's live-editing stretch is
//! in the audit log once (cursors alone are not).

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use reqwest::Method;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::{
    connect_async,
    tungstenite::{client::IntoClientRequest, http::HeaderValue, Message as WsMessage},
    MaybeTlsStream, WebSocketStream,
};
use yrs::{
    sync::{Awareness, DefaultProtocol, Message, Protocol, SyncMessage},
    updates::encoder::Encode,
    GetString, ReadTxn, Text, Transact, XmlFragment, XmlOut, XmlTextRef,
};

use crate::{
    helpers::{json, send, serve, Persona, TestApp},
    support::{app, audit_rows, two_sops, BCSO, LSPD, NO_PERMISSION, SIGN_IN_REQUIRED},
};

const MANAGE: &str = "/api/sops?scope=manage";
const FOREIGN: &str = "Cross-site requests are not allowed.";
const NOT_FOUND: &str = "Document not found";
const ON_LEAVE: &str =
    "Members on leave of absence (LOA) can view the portal but cannot change anything.";

/// A deputies' document and a High Command one, saved by High Command: their ids.
async fn two_documents(app: &TestApp, agency: &str) -> (String, String) {
    two_sops(app, agency, |title| format!("<p>{title} content</p>")).await
}

/// BCSO's deputies' document, live on `app` and on a second instance of the portal (the same
/// database and media): its id, the second instance's address and origin, and Command's and
/// High Command's session cookies.
struct TwoInstances {
    id: String,
    other_address: String,
    other_origin: String,
    command: String,
    hc: String,
}

async fn two_instances(app: &TestApp) -> TwoInstances {
    let (id, _) = two_documents(app, BCSO).await;
    let other = app.second_instance();
    TwoInstances {
        id,
        other_address: serve(&other).await,
        other_origin: other.config.public_url.origin().ascii_serialization(),
        command: cookie(app, BCSO, Persona::Command).await,
        hc: cookie(app, BCSO, Persona::HighCommand).await,
    }
}

/// The session cookie of `persona` in `agency` (signed in through the real flow).
async fn cookie(app: &TestApp, agency: &str, persona: Persona) -> String {
    let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
    let browser = reqwest::Client::builder()
        .cookie_provider(jar.clone())
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let callback = app.authorize(&browser, &persona.discord_id(agency)).await;
    let done = browser.get(&callback).send().await.unwrap();
    assert_eq!(done.status(), 303);
    use reqwest::cookie::CookieStore;
    let url: url::Url = app.address.parse().unwrap();
    jar.cookies(&url).unwrap().to_str().unwrap().to_owned()
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One editor: a socket and a replica of the shared document.
struct Editor {
    socket: Socket,
    awareness: Awareness,
    /// Awareness states received, as JSON by client id.
    seen: Vec<Value>,
}

/// How a connection ended or was refused.
#[derive(Debug, PartialEq)]
enum Refusal {
    Http(u16, Value),
    Closed(u16, String),
}

/// Opens document `id`'s socket at `address` for `agency` with `cookie` and `origin`.
async fn open(
    address: &str,
    agency: &str,
    id: &str,
    cookie: Option<&str>,
    origin: &str,
) -> Result<Editor, Refusal> {
    let url = format!("{}/api/sops/{id}/collab", address.replace("http://", "ws://"));
    let mut request = url.into_client_request().unwrap();
    let headers = request.headers_mut();
    headers.insert("x-agency-slug", HeaderValue::from_str(agency).unwrap());
    headers.insert("origin", HeaderValue::from_str(origin).unwrap());
    if let Some(cookie) = cookie {
        headers.insert("cookie", HeaderValue::from_str(cookie).unwrap());
    }
    match connect_async(request).await {
        Ok((socket, _)) => {
            let mut editor =
                Editor { socket, awareness: Awareness::new(yrs::Doc::new()), seen: vec![] };
            // The client's side of the handshake.
            let sv = editor.awareness.doc().transact().state_vector();
            editor.send(Message::Sync(SyncMessage::SyncStep1(sv)).encode_v1()).await;
            Ok(editor)
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let status = response.status().as_u16();
            let body = response.body().clone().unwrap_or_default();
            Err(Refusal::Http(status, serde_json::from_slice(&body).unwrap_or(Value::Null)))
        }
        Err(err) => panic!("cannot connect: {err}"),
    }
}

impl Editor {
    /// Sends `bytes` (a failure shows as the socket's end on the next read).
    async fn send(&mut self, bytes: Vec<u8>) {
        let _ = self.socket.send(WsMessage::Binary(bytes.into())).await;
    }

    /// Handles what arrives for `wait`; `Err` once the server closed the socket.
    async fn pump(&mut self, wait: Duration) -> Result<(), Refusal> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let next = tokio::time::timeout_at(deadline, self.socket.next()).await;
            let Ok(next) = next else { return Ok(()) };
            match next {
                Some(Ok(WsMessage::Binary(data))) => {
                    // Remember awareness states as they arrive.
                    let mut decoder = yrs::updates::decoder::DecoderV1::new(
                        yrs::encoding::read::Cursor::new(&data),
                    );
                    let messages: Vec<Message> =
                        yrs::sync::protocol::MessageReader::new(&mut decoder)
                            .collect::<Result<_, _>>()
                            .unwrap();
                    for message in &messages {
                        if let Message::Awareness(update) = message {
                            for entry in update.clients.values() {
                                self.seen.push(serde_json::from_str(&entry.json).unwrap());
                            }
                        }
                    }
                    let replies = DefaultProtocol.handle(&mut self.awareness, &data).unwrap();
                    for reply in replies {
                        self.send(reply.encode_v1()).await;
                    }
                }
                Some(Ok(WsMessage::Close(frame))) => {
                    let frame = frame.expect("a close frame");
                    return Err(Refusal::Closed(u16::from(frame.code), frame.reason.to_string()));
                }
                Some(Ok(_)) => {}
                // Dropped without a close frame (as after a message over the limit).
                Some(Err(_)) => return Err(Refusal::Closed(1006, String::new())),
                None => return Err(Refusal::Closed(1006, String::new())),
            }
        }
    }

    /// Handles messages until `check` holds (at most five seconds).
    async fn until(&mut self, what: &str, check: impl Fn(&Editor) -> bool) {
        for _ in 0..50 {
            if check(self) {
                return;
            }
            self.pump(Duration::from_millis(100)).await.unwrap();
        }
        panic!("never: {what}; the document is {:?}", self.text());
    }

    /// The text of the document's first paragraph.
    fn text(&self) -> String {
        let doc = self.awareness.doc();
        let txn = doc.transact();
        let Some(fragment) = txn.get_xml_fragment("default") else { return String::new() };
        fragment.get_string(&txn)
    }

    fn first_text(&self) -> XmlTextRef {
        let doc = self.awareness.doc();
        let fragment = doc.get_or_insert_xml_fragment("default");
        let txn = doc.transact();
        let Some(XmlOut::Element(paragraph)) = fragment.get(&txn, 0) else { panic!("a paragraph") };
        let Some(XmlOut::Text(text)) = paragraph.get(&txn, 0) else { panic!("text") };
        text
    }

    /// Types `text` at `index` of the first paragraph and sends the update.
    async fn type_at(&mut self, index: u32, text: &str) {
        let target = self.first_text();
        let update = {
            let doc = self.awareness.doc();
            let mut txn = doc.transact_mut();
            target.insert(&mut txn, index, text);
            txn.encode_update_v1()
        };
        self.send(Message::Sync(SyncMessage::Update(update)).encode_v1()).await;
    }

    async fn type_at_end(&mut self, text: &str) {
        let target = self.first_text();
        let end = target.len(&self.awareness.doc().transact());
        self.type_at(end, text).await;
    }

    /// Sets this editor's cursor state and sends it.
    async fn cursor(&mut self, state: Value) {
        self.awareness.set_local_state(state).unwrap();
        let update = self.awareness.update().unwrap();
        self.send(Message::Awareness(update).encode_v1()).await;
    }

    /// Waits for the server to close the socket; its code and reason.
    async fn closed(&mut self, within: Duration) -> Refusal {
        match self.pump(within).await {
            Err(refusal) => refusal,
            Ok(()) => panic!("still open after {within:?}"),
        }
    }
}

fn paragraph(text: &str) -> String {
    format!("<paragraph>{text}</paragraph>")
}

/// Waits until no room is open on `app`'s instance (the last editor's leaving is done).
async fn rooms_closed(state: &portal::state::AppState) {
    for _ in 0..100 {
        if state.collab.open_rooms() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("a room stayed open");
}

#[tokio::test]
async fn two_editors_converge_and_the_draft_is_written_back_by_the_last_to_type() {
    let app = app().await;
    let (id, _) = two_documents(&app, BCSO).await;
    let origin = app.address.clone();
    let command_cookie = cookie(&app, BCSO, Persona::Command).await;
    let hc_cookie = cookie(&app, BCSO, Persona::HighCommand).await;
    let mut one = open(&app.address, BCSO, &id, Some(&command_cookie), &origin).await.unwrap();
    let mut two = open(&app.address, BCSO, &id, Some(&hc_cookie), &origin).await.unwrap();

    // The server seeded the shared document from the draft (the published content).
    let seeded = paragraph("Patrol basics content");
    one.until("seeded", |e| e.text() == seeded).await;
    two.until("seeded", |e| e.text() == seeded).await;

    // Both type at once, into the same paragraph.
    one.type_at(0, "Alpha ").await;
    two.type_at_end(" Bravo").await;
    let both = paragraph("Alpha Patrol basics content Bravo");
    one.until("both edits", |e| e.text() == both).await;
    two.until("both edits", |e| e.text() == both).await;
    // The High Command member types last.
    two.type_at_end("!").await;
    let last = paragraph("Alpha Patrol basics content Bravo!");
    one.until("the last edit", |e| e.text() == last).await;

    // Reading the draft writes what is pending first: both edits, by the last to type.
    let command = app.as_persona(BCSO, Persona::Command).await;
    let path = format!("/api/sops/{id}/draft");
    let draft = crate::support::get(&app, &command, &path, BCSO).await;
    assert_eq!(draft["content"], "<p>Alpha Patrol basics content Bravo!</p>");
    assert_eq!(draft["updatedBy"], Persona::HighCommand.name(BCSO));
    assert_eq!(draft["unpublished"], true);
    let revision = draft["revision"].as_i64().unwrap();
    // Read again: nothing new is written.
    let again = crate::support::get(&app, &command, &path, BCSO).await;
    assert_eq!(again["revision"], revision);

    // It publishes as any draft does.
    let publish = format!("/api/sops/{id}/publish");
    let body = json!({"revision": revision});
    let published =
        json(send(&app, &command, Method::POST, &publish, BCSO, Some(&body)).await, 200).await;
    assert_eq!(published["content"], "<p>Alpha Patrol basics content Bravo!</p>");
    // The history names the publisher and both writers, in the order they first wrote.
    let history = format!("/api/sops/{id}/versions");
    let versions = crate::support::get(&app, &command, &history, BCSO).await;
    assert_eq!(versions["versions"][0]["version"], 2);
    assert_eq!(versions["versions"][0]["author"], Persona::Command.name(BCSO));
    assert_eq!(
        versions["versions"][0]["contributors"],
        json!([Persona::Command.name(BCSO), Persona::HighCommand.name(BCSO)])
    );
    // The first version, saved with the list, names no writers.
    assert_eq!(versions["versions"][1]["contributors"], json!([]));

    // A draft saved over the live document reaches the editors as an update.
    let body = json!({"content": "<h2>Rewritten</h2><p>From the form</p>", "revision": revision});
    let saved = json(send(&app, &command, Method::PUT, &path, BCSO, Some(&body)).await, 200).await;
    let rewritten = "<heading level=\"2\">Rewritten</heading><paragraph>From the form</paragraph>";
    one.until("the saved draft", |e| e.text() == rewritten).await;
    two.until("the saved draft", |e| e.text() == rewritten).await;
    // So does a restore of an older version.
    let restore = format!("/api/sops/{id}/versions/1/restore");
    let body = json!({"revision": saved["revision"]});
    let restored =
        json(send(&app, &command, Method::POST, &restore, BCSO, Some(&body)).await, 200).await;
    assert_eq!(restored["content"], "<p>Patrol basics content</p>");
    one.until("the restored version", |e| e.text() == seeded).await;
    two.until("the restored version", |e| e.text() == seeded).await;
    // And the form's save again, on top of it (nothing pending: the revision is current).
    let body = json!({"content": "<h2>Rewritten</h2><p>From the form</p>", "revision": restored["revision"]});
    json(send(&app, &command, Method::PUT, &path, BCSO, Some(&body)).await, 200).await;
    one.until("the saved draft", |e| e.text() == rewritten).await;
    two.until("the saved draft", |e| e.text() == rewritten).await;

    // A quiet second after the last change, the draft is written without anyone reading it.
    one.type_at(0, "Now ").await; // into the heading
    let mut written = Value::Null;
    for _ in 0..40 {
        two.pump(Duration::from_millis(100)).await.unwrap();
        let mut db = app.admin().await;
        let schema = app.state.registry.by_slug(BCSO).await.unwrap().unwrap().schema_name.clone();
        let row: Option<(String, String)> = sqlx::query_as(&format!(
            "SELECT content, updated_by FROM {schema}.document_drafts WHERE document_id = $1"
        ))
        .bind(&id)
        .fetch_optional(&mut db)
        .await
        .unwrap();
        if let Some((content, by)) = row.filter(|(c, _)| c.contains("Now")) {
            written = json!([content, by]);
            break;
        }
    }
    assert_eq!(
        written,
        json!(["<h2>Now Rewritten</h2><p>From the form</p>", Persona::Command.name(BCSO)])
    );
    // Who wrote since the last publish: the form's saver and the live typist, one and the
    // same member; the High Command member who wrote the first version is not named again.
    let draft = crate::support::get(&app, &command, &path, BCSO).await;
    let body = json!({"revision": draft["revision"]});
    json(send(&app, &command, Method::POST, &publish, BCSO, Some(&body)).await, 200).await;
    let versions = crate::support::get(&app, &command, &history, BCSO).await;
    assert_eq!(versions["versions"][0]["version"], 3);
    assert_eq!(versions["versions"][0]["contributors"], json!([Persona::Command.name(BCSO)]));

    // Both leave: the room goes, and a restarted portal on the same database serves the state.
    drop(one);
    drop(two);
    rooms_closed(&app.state).await;
    let restarted = app.second_instance();
    let address = serve(&restarted).await;
    let origin = restarted.config.public_url.origin().ascii_serialization();
    let mut three = open(&address, BCSO, &id, Some(&command_cookie), &origin).await.unwrap();
    let now = "<heading level=\"2\">Now Rewritten</heading><paragraph>From the form</paragraph>";
    three.until("the stored state", |e| e.text() == now).await;
    // Compacted when the last editor left: the updates are folded into the snapshot.
    let mut db = app.admin().await;
    let schema = app.state.registry.by_slug(BCSO).await.unwrap().unwrap().schema_name.clone();
    let rows: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM {schema}.document_collab_updates WHERE document_id = $1"
    ))
    .bind(&id)
    .fetch_one(&mut db)
    .await
    .unwrap();
    assert_eq!(rows, 0);
}

#[tokio::test]
async fn only_managers_of_the_agency_within_their_level_from_its_own_pages_may_connect() {
    let app = app().await;
    let (id, high) = two_documents(&app, BCSO).await;
    let (lspd_id, _) = two_documents(&app, LSPD).await;
    let origin = app.address.clone();
    let command = cookie(&app, BCSO, Persona::Command).await;
    let deputy = cookie(&app, BCSO, Persona::Deputy).await;
    let lspd_command = cookie(&app, LSPD, Persona::Command).await;
    let error = |m: &str| json!({ "error": m });

    let refusal = |status: u16, message: &str| Refusal::Http(status, error(message));
    assert_eq!(
        open(&app.address, BCSO, &id, None, &origin).await.err(),
        Some(refusal(401, SIGN_IN_REQUIRED))
    );
    assert_eq!(
        open(&app.address, BCSO, &id, Some(&deputy), &origin).await.err(),
        Some(refusal(403, NO_PERMISSION))
    );
    // A Command member and the High Command document: as if it did not exist.
    assert_eq!(
        open(&app.address, BCSO, &high, Some(&command), &origin).await.err(),
        Some(refusal(404, NOT_FOUND))
    );
    // Another agency's manager: on their own agency's address, this agency's document is not
    // there; on this agency's address they are no member.
    assert_eq!(
        open(&app.address, LSPD, &id, Some(&lspd_command), &origin).await.err(),
        Some(refusal(404, NOT_FOUND))
    );
    assert!(matches!(
        open(&app.address, BCSO, &id, Some(&lspd_command), &origin).await.err(),
        Some(Refusal::Http(401 | 403, _))
    ));
    // And a manager of this agency cannot reach the other's document by its id.
    assert_eq!(
        open(&app.address, BCSO, &lspd_id, Some(&command), &origin).await.err(),
        Some(refusal(404, NOT_FOUND))
    );
    // Another site's page.
    for foreign in ["https://evil.example", "null"] {
        assert_eq!(
            open(&app.address, BCSO, &id, Some(&command), foreign).await.err(),
            Some(refusal(403, FOREIGN))
        );
    }

    // Connected, then the permission is taken away: closed with 4403 and the reason.
    let mut editor = open(&app.address, BCSO, &id, Some(&command), &origin).await.unwrap();
    editor.until("seeded", |e| !e.text().is_empty()).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let only_hc = json!({"public": false, "levels": ["high_command"], "roles": []});
    let change = json!({"items": {"command_sops": only_hc}});
    json(send(&app, &hc, Method::PUT, "/api/nav-permissions", BCSO, Some(&change)).await, 200)
        .await;
    assert_eq!(
        editor.closed(Duration::from_secs(8)).await,
        Refusal::Closed(4403, NO_PERMISSION.into())
    );
    let back = json!({"public": false, "levels": ["command", "high_command"], "roles": []});
    let change = json!({"items": {"command_sops": back}});
    json(send(&app, &hc, Method::PUT, "/api/nav-permissions", BCSO, Some(&change)).await, 200)
        .await;

    // Connected, then put on leave: closed too; and refused from then on.
    let mut editor = open(&app.address, BCSO, &id, Some(&command), &origin).await.unwrap();
    editor.until("seeded", |e| !e.text().is_empty()).await;
    let mut admin = app.admin().await;
    let schema = app.state.registry.by_slug(BCSO).await.unwrap().unwrap().schema_name.clone();
    sqlx::query(&format!("UPDATE {schema}.roster SET status = 'LOA' WHERE discord_id = $1"))
        .bind(Persona::Command.discord_id(BCSO))
        .execute(&mut admin)
        .await
        .unwrap();
    // Behind the portal's back: as its roster change would, the cached standing goes.
    app.state.access_cache.forget_all();
    assert_eq!(editor.closed(Duration::from_secs(8)).await, Refusal::Closed(4403, ON_LEAVE.into()));
    assert_eq!(
        open(&app.address, BCSO, &id, Some(&command), &origin).await.err(),
        Some(refusal(403, ON_LEAVE))
    );

    // Connected, then signed out (from another tab): closed too.
    let hc_cookie = cookie(&app, BCSO, Persona::HighCommand).await;
    let mut editor = open(&app.address, BCSO, &id, Some(&hc_cookie), &origin).await.unwrap();
    editor.until("seeded", |e| !e.text().is_empty()).await;
    let signed_out = app
        .client
        .post(app.url("/auth/logout"))
        .header("cookie", &hc_cookie)
        .header("x-agency-slug", BCSO)
        .send()
        .await
        .unwrap();
    assert!(signed_out.status().is_success() || signed_out.status().is_redirection());
    assert_eq!(
        editor.closed(Duration::from_secs(8)).await,
        Refusal::Closed(4403, SIGN_IN_REQUIRED.into())
    );
}

#[tokio::test]
async fn two_instances_relay_updates_and_a_reconnecting_editor_catches_up() {
    let app = app().await;
    let TwoInstances { id, other_address, other_origin, command, hc } = two_instances(&app).await;

    let mut on_a = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    let mut on_b = open(&other_address, BCSO, &id, Some(&hc), &other_origin).await.unwrap();
    let seeded = paragraph("Patrol basics content");
    on_a.until("seeded", |e| e.text() == seeded).await;
    on_b.until("seeded once", |e| e.text() == seeded).await;

    // An edit on B reaches the editor on A, and back.
    on_b.type_at(0, "From B. ").await;
    on_a.until("B's edit", |e| e.text() == paragraph("From B. Patrol basics content")).await;
    on_a.type_at_end(" From A.").await;
    let both = paragraph("From B. Patrol basics content From A.");
    on_b.until("A's edit", |e| e.text() == both).await;

    // Cursors cross instances too, with the server's name on them.
    on_a.awareness
        .set_local_state(json!({"user": {"name": "Someone else", "color": "#00f"}}))
        .unwrap();
    let update = on_a.awareness.update().unwrap();
    on_a.send(Message::Awareness(update).encode_v1()).await;
    let own = Persona::Command.name(BCSO);
    on_b.until("A's cursor", |e| e.seen.iter().any(|s| s["user"]["name"] == own.as_str())).await;
    assert!(on_b.seen.iter().all(|s| s["user"]["name"] != "Someone else"));

    // A's editor goes and comes back on B: nothing is lost.
    drop(on_a);
    on_b.type_at(0, "Meanwhile. ").await;
    on_b.pump(Duration::from_millis(200)).await.unwrap();
    let mut back = open(&other_address, BCSO, &id, Some(&command), &other_origin).await.unwrap();
    let all = paragraph("Meanwhile. From B. Patrol basics content From A.");
    back.until("everything", |e| e.text() == all).await;

    // The draft, read through either instance, has all of it.
    let reader = app.as_persona(BCSO, Persona::Command).await;
    let draft = crate::support::get(&app, &reader, &format!("/api/sops/{id}/draft"), BCSO).await;
    assert_eq!(draft["content"], "<p>Meanwhile. From B. Patrol basics content From A.</p>");

    // A list save removing the document closes its sockets on both instances.
    let hc_client = app.as_persona(BCSO, Persona::HighCommand).await;
    let list = crate::support::get(&app, &hc_client, MANAGE, BCSO).await;
    let kept: Vec<Value> =
        list["documents"].as_array().unwrap().iter().filter(|d| d["id"] != id).cloned().collect();
    let body = json!({"documents": kept, "version": list["version"]});
    json(send(&app, &hc_client, Method::PUT, MANAGE, BCSO, Some(&body)).await, 200).await;
    let removed = Refusal::Closed(4404, "This document was removed.".into());
    assert_eq!(back.closed(Duration::from_secs(5)).await, removed);
    assert_eq!(on_b.closed(Duration::from_secs(5)).await, removed);
}

#[tokio::test]
async fn cursors_carry_the_members_own_name() {
    let app = app().await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command = cookie(&app, BCSO, Persona::Command).await;
    let hc = cookie(&app, BCSO, Persona::HighCommand).await;
    let mut one = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    let mut two = open(&app.address, BCSO, &id, Some(&hc), &app.address).await.unwrap();
    one.until("seeded", |e| !e.text().is_empty()).await;
    two.until("seeded", |e| !e.text().is_empty()).await;

    // The Command member claims to be High Command.
    let claimed = Persona::HighCommand.name(BCSO);
    one.awareness.set_local_state(json!({"user": {"name": claimed, "color": "#ff0000"}})).unwrap();
    let update = one.awareness.update().unwrap();
    one.send(Message::Awareness(update).encode_v1()).await;
    let own = Persona::Command.name(BCSO);
    two.until("the cursor", |e| e.seen.iter().any(|s| s["user"]["name"] == own.as_str())).await;
    assert!(two.seen.iter().all(|s| s["user"]["name"] != claimed.as_str()), "{:?}", two.seen);
    assert!(two.seen.iter().any(|s| s["user"]["color"] == "#ff0000"));
}

#[tokio::test]
async fn a_document_takes_a_bounded_number_of_editors_and_its_room_goes_with_the_last() {
    let app = app().await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command = cookie(&app, BCSO, Persona::Command).await;

    // One session opens at most 16 sockets at once; a closed one frees its place.
    let mut mine = Vec::new();
    for _ in 0..16 {
        mine.push(open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap());
    }
    let one_too_many = open(&app.address, BCSO, &id, Some(&command), &app.address).await.err();
    let too_many = "Too many live editors are open in this session; close one and try again.";
    assert_eq!(one_too_many, Some(Refusal::Http(429, json!({"error": too_many}))));
    mine.pop();
    let mut again = None;
    for _ in 0..50 {
        // The freed place is given back when the server sees the socket end.
        match open(&app.address, BCSO, &id, Some(&command), &app.address).await {
            Ok(editor) => {
                again = Some(editor);
                break;
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    assert!(again.is_some(), "a place was freed");
    drop(again);
    drop(mine);
    rooms_closed(&app.state).await;

    // A document holds 32 editors (each in a session of their own here).
    let mut editors = Vec::new();
    for _ in 0..32 {
        let session = cookie(&app, BCSO, Persona::Command).await;
        let mut editor = open(&app.address, BCSO, &id, Some(&session), &app.address).await.unwrap();
        editor.until("seeded", |e| !e.text().is_empty()).await;
        editors.push(editor);
    }
    let mut one_more = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    assert_eq!(
        one_more.closed(Duration::from_secs(5)).await,
        Refusal::Closed(1013, "Too many editors have this document open; try again later.".into())
    );
    assert_eq!(app.state.collab.open_rooms(), 1);
    drop(editors);
    rooms_closed(&app.state).await;

    // A message over 2 MiB ends the connection; the document is unchanged.
    let mut big = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    big.until("seeded", |e| !e.text().is_empty()).await;
    big.type_at(0, &"x".repeat(3 * 1024 * 1024)).await;
    assert!(matches!(big.closed(Duration::from_secs(5)).await, Refusal::Closed(1006 | 1009, _)));
    rooms_closed(&app.state).await;
    let mut after = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    after.until("unchanged", |e| e.text() == paragraph("Patrol basics content")).await;
}

#[tokio::test]
async fn rooms_of_every_agency_share_one_listening_connection_per_database_server() {
    let app = app().await;
    let (first, second) = two_documents(&app, BCSO).await;
    let (theirs, _) = two_documents(&app, LSPD).await;
    // High Command reaches both documents (the second is for High Command; LSPD names its
    // levels otherwise, and an unknown minimum is the top level).
    let bcso = cookie(&app, BCSO, Persona::HighCommand).await;
    let lspd = cookie(&app, LSPD, Persona::HighCommand).await;
    let mut editors = Vec::new();
    for (agency, id, session) in
        [(BCSO, &first, &bcso), (BCSO, &second, &bcso), (LSPD, &theirs, &lspd)]
    {
        let mut editor = open(&app.address, agency, id, Some(session), &app.address).await.unwrap();
        editor.until("seeded", |e| !e.text().is_empty()).await;
        editors.push(editor);
    }
    assert_eq!(app.state.collab.open_rooms(), 3);
    let mut admin = app.admin().await;
    let listening = || {
        sqlx::query_scalar::<_, i64>(
            "SELECT count(*) FROM pg_stat_activity
             WHERE datname = current_database() AND query ILIKE 'LISTEN%document_collab%'",
        )
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while listening().fetch_one(&mut admin).await.unwrap() == 0 {
        assert!(std::time::Instant::now() < deadline, "no relay is listening");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Three rooms of two agencies: one connection, not one a room.
    assert_eq!(listening().fetch_one(&mut admin).await.unwrap(), 1);
    drop(editors);
    rooms_closed(&app.state).await;
}

#[tokio::test]
async fn a_frame_packed_with_messages_is_refused_and_a_list_save_keeps_live_changes() {
    let app = app().await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command_cookie = cookie(&app, BCSO, Persona::Command).await;

    // y-websocket sends a message a frame: five in one (each would be answered) end it.
    let mut packed =
        open(&app.address, BCSO, &id, Some(&command_cookie), &app.address).await.unwrap();
    packed.until("seeded", |e| !e.text().is_empty()).await;
    packed.send(Message::AwarenessQuery.encode_v1().repeat(5)).await;
    assert_eq!(
        packed.closed(Duration::from_secs(5)).await,
        Refusal::Closed(1003, "The message could not be read.".into())
    );
    rooms_closed(&app.state).await;

    // A live change not yet written (within its quiet second) when the list is saved with
    // another content: the draft keeps the live change, unpublished; the list's content is
    // what members read.
    let mut live =
        open(&app.address, BCSO, &id, Some(&command_cookie), &app.address).await.unwrap();
    live.until("seeded", |e| !e.text().is_empty()).await;
    live.type_at(0, "Live ").await;
    live.pump(Duration::from_millis(50)).await.unwrap();
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let mut current = crate::support::get(&app, &hc, MANAGE, BCSO).await;
    current["documents"][0]["content"] = json!("<p>From the list</p>");
    let body = json!({"documents": current["documents"], "version": current["version"]});
    json(send(&app, &hc, Method::PUT, MANAGE, BCSO, Some(&body)).await, 200).await;
    let draft = crate::support::get(&app, &hc, &format!("/api/sops/{id}/draft"), BCSO).await;
    assert_eq!(draft["content"], "<p>Live Patrol basics content</p>");
    assert_eq!(draft["unpublished"], true);
    let read = crate::support::get(&app, &hc, "/api/sops", BCSO).await;
    assert_eq!(read["documents"][0]["content"], "<p>From the list</p>");
    live.until("the live change kept", |e| e.text() == paragraph("Live Patrol basics content"))
        .await;
}

/// How many update rows document `id` of BCSO holds (not yet compacted).
async fn stored_rows(app: &TestApp, id: &str) -> i64 {
    let mut db = app.admin().await;
    let schema = app.state.registry.by_slug(BCSO).await.unwrap().unwrap().schema_name.clone();
    sqlx::query_scalar(&format!(
        "SELECT count(*) FROM {schema}.document_collab_updates WHERE document_id = $1"
    ))
    .bind(id)
    .fetch_one(&mut db)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_change_past_the_size_bound_or_outside_the_editors_fragment_is_refused_and_not_kept() {
    const NOT_THE_DOCUMENT: &str =
        "This change is not part of the document's text; it was not saved.";
    const TOO_LARGE: &str =
        "This change would make the document larger than live editing allows; it was not saved.";
    let app = app().await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command = cookie(&app, BCSO, Persona::Command).await;
    let hc = cookie(&app, BCSO, Persona::HighCommand).await;
    let mut watcher = open(&app.address, BCSO, &id, Some(&hc), &app.address).await.unwrap();
    let mut writer = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    let seeded = paragraph("Patrol basics content");
    watcher.until("seeded", |e| e.text() == seeded).await;
    writer.until("seeded", |e| e.text() == seeded).await;

    // Content in a shared type of its own (which the editor never shows, but every joiner
    // would get): refused, its sender closed, nothing stored or passed on.
    let rows = stored_rows(&app, &id).await;
    let hidden = {
        let doc = writer.awareness.doc();
        let other = doc.get_or_insert_map("other");
        let mut txn = doc.transact_mut();
        yrs::Map::insert(&other, &mut txn, "hidden", "x".repeat(1000));
        txn.encode_update_v1()
    };
    writer.send(Message::Sync(SyncMessage::Update(hidden)).encode_v1()).await;
    assert_eq!(
        writer.closed(Duration::from_secs(5)).await,
        Refusal::Closed(4400, NOT_THE_DOCUMENT.into())
    );
    watcher.pump(Duration::from_millis(300)).await.unwrap();
    assert!(watcher.awareness.doc().transact().get_map("other").is_none());
    assert_eq!(stored_rows(&app, &id).await, rows);
    // The room goes on with the document as stored.
    watcher.type_at(0, "Still ").await;
    let still = paragraph("Still Patrol basics content");
    let mut writer = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    writer.until("the watcher's edit", |e| e.text() == still).await;

    // A change that builds on one never sent (it would wait in memory, unstored): refused.
    let orphan = {
        let replica = yrs::Doc::with_client_id(777);
        let whole =
            writer.awareness.doc().transact().encode_state_as_update_v1(&Default::default());
        let whole = yrs::updates::decoder::Decode::decode_v1(&whole).unwrap();
        replica.transact_mut().apply_update(whole).unwrap();
        let fragment = replica.get_or_insert_xml_fragment("default");
        let text = {
            let txn = replica.transact();
            let Some(XmlOut::Element(paragraph)) = fragment.get(&txn, 0) else { panic!() };
            let Some(XmlOut::Text(text)) = paragraph.get(&txn, 0) else { panic!() };
            text
        };
        text.insert(&mut replica.transact_mut(), 0, "never sent ");
        let mut txn = replica.transact_mut();
        text.insert(&mut txn, 0, "sent ");
        txn.encode_update_v1()
    };
    writer.send(Message::Sync(SyncMessage::Update(orphan)).encode_v1()).await;
    let unknown = "This change builds on content the server does not have; it was not saved.";
    assert_eq!(writer.closed(Duration::from_secs(5)).await, Refusal::Closed(4400, unknown.into()));
    assert_eq!(stored_rows(&app, &id).await, rows + 1, "the watcher's edit only");
    let mut writer = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    writer.until("the document as stored", |e| e.text() == still).await;

    // Far beyond the draft's 100,000 characters: the room takes changes up to 4 MiB of
    // document; one that would pass it is refused, and nobody gets it.
    let chunk = "x".repeat(1_900_000);
    writer.type_at_end(&chunk).await;
    writer.type_at_end(&chunk).await;
    let taken = still.len() + 2 * chunk.len();
    watcher.until("two large changes", |e| e.text().len() == taken).await;
    writer.type_at_end(&chunk).await;
    assert_eq!(
        writer.closed(Duration::from_secs(10)).await,
        Refusal::Closed(4413, TOO_LARGE.into())
    );
    watcher.pump(Duration::from_millis(500)).await.unwrap();
    assert_eq!(watcher.text().len(), taken);
    drop(watcher);
    rooms_closed(&app.state).await;
    let mut newcomer = open(&app.address, BCSO, &id, Some(&hc), &app.address).await.unwrap();
    newcomer.until("the document as stored", |e| e.text().len() == taken).await;
}

#[tokio::test]
async fn cursors_pass_at_a_bounded_rate_and_reach_other_instances_coalesced() {
    let app = app().await;
    let TwoInstances { id, other_address, other_origin, command, hc } = two_instances(&app).await;
    let mut sender = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    let mut here = open(&app.address, BCSO, &id, Some(&hc), &app.address).await.unwrap();
    let mut there = open(&other_address, BCSO, &id, Some(&hc), &other_origin).await.unwrap();
    for editor in [&mut sender, &mut here, &mut there] {
        editor.until("seeded", |e| !e.text().is_empty()).await;
    }
    let mut listener = sqlx::postgres::PgListener::connect(&app.database_url).await.unwrap();
    listener.listen("document_collab").await.unwrap();

    // 200 caret moves at once (a flood no browser sends).
    let started = std::time::Instant::now();
    for n in 0..200 {
        sender.cursor(json!({"user": {"name": "x", "color": "#0f0"}, "cursor": {"n": n}})).await;
    }
    // Where the caret ended reaches everyone, here and on the other instance.
    let ended = |e: &Editor| e.seen.iter().any(|s| s["cursor"]["n"] == 199);
    here.until("the last cursor here", ended).await;
    there.until("the last cursor there", ended).await;
    let elapsed = started.elapsed().as_secs_f64();
    let moves = |e: &Editor| e.seen.iter().filter(|s| s["cursor"]["n"].is_number()).count();

    // Passed on here at 20 a second after a burst of 20, not each of the 200.
    let passed = moves(&here);
    assert!(passed < 100, "{passed} of 200 passed on");
    assert!(passed as f64 <= 22.0 + 20.0 * elapsed, "{passed} in {elapsed:.2} s");
    // Announced to the other instances at most once per 100 ms.
    let mut announced = 0;
    while let Ok(Ok(note)) = tokio::time::timeout(Duration::from_millis(300), listener.recv()).await
    {
        let payload = note.payload();
        if payload.split(' ').nth(1) == Some("a") && payload.ends_with(&format!(" {id}")) {
            announced += 1;
        }
    }
    assert!(announced >= 1);
    assert!(announced as f64 <= 3.0 + elapsed / 0.1, "{announced} in {elapsed:.2} s");
    assert!(moves(&there) <= announced, "{} for {announced}", moves(&there));
}

#[tokio::test]
async fn the_re_check_reads_the_agencys_levels_as_they_are_then() {
    let app = app().await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command = cookie(&app, BCSO, Persona::Command).await;
    let mut editor = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    editor.until("seeded", |e| !e.text().is_empty()).await;
    editor.pump(Duration::from_secs(4)).await.unwrap();

    // The agency's levels change (behind the portal's back, as a registry change is seen):
    // deputies now rank above Command, so the deputies' document is above the member.
    let levels = json!([
        {"id": "command", "label": "Command"}, {"id": "deputy", "label": "Deputy"},
        {"id": "supervisor", "label": "Supervisor"}, {"id": "high_command", "label": "High Command"}
    ]);
    app.set_levels_in_registry(BCSO, &levels).await;
    app.state.registry.invalidate().await;
    assert_eq!(
        editor.closed(Duration::from_secs(8)).await,
        Refusal::Closed(4403, NOT_FOUND.into())
    );
}

#[tokio::test]
async fn each_members_live_editing_stretch_is_audited_once_and_cursors_alone_are_not() {
    let app = app().await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command = cookie(&app, BCSO, Persona::Command).await;
    let hc = cookie(&app, BCSO, Persona::HighCommand).await;

    // Only looking (a caret, no change): no entry.
    let mut looker = open(&app.address, BCSO, &id, Some(&hc), &app.address).await.unwrap();
    looker.until("seeded", |e| !e.text().is_empty()).await;
    looker.cursor(json!({"user": {"name": "x", "color": "#00f"}, "cursor": {"at": 3}})).await;
    looker.pump(Duration::from_millis(300)).await.unwrap();
    drop(looker);
    rooms_closed(&app.state).await;
    assert_eq!(audit_rows(&app, BCSO, "document_draft").await, vec![]);

    // Three changes by one member, one by another: an entry each, when they leave.
    let mut one = open(&app.address, BCSO, &id, Some(&command), &app.address).await.unwrap();
    let mut two = open(&app.address, BCSO, &id, Some(&hc), &app.address).await.unwrap();
    one.until("seeded", |e| !e.text().is_empty()).await;
    two.until("seeded", |e| !e.text().is_empty()).await;
    for letter in ["A", "B", "C"] {
        one.type_at(0, letter).await;
    }
    two.until("one's edits", |e| e.text() == paragraph("CBAPatrol basics content")).await;
    two.type_at_end("!").await;
    one.until("two's edit", |e| e.text() == paragraph("CBAPatrol basics content!")).await;
    assert_eq!(audit_rows(&app, BCSO, "document_draft").await, vec![], "none while editing");
    drop(one);
    drop(two);
    rooms_closed(&app.state).await;
    let mut rows = audit_rows(&app, BCSO, "document_draft").await;
    rows.sort();
    let mut expected = vec![
        ("edited live".to_owned(), Persona::Command.name(BCSO)),
        ("edited live".to_owned(), Persona::HighCommand.name(BCSO)),
    ];
    expected.sort();
    assert_eq!(rows, expected);

    // The log says which document, when the stretch began and ended, and how many changes.
    let reader = app.as_persona(BCSO, Persona::HighCommand).await;
    let log = crate::support::get(&app, &reader, "/api/audit?kind=document_draft", BCSO).await;
    let entry = log["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["actor"]["display"] == Persona::Command.name(BCSO).as_str())
        .unwrap()
        .clone();
    assert_eq!((&entry["subjectId"], &entry["title"]), (&json!(id), &json!("Patrol basics")));
    let mut fields: Vec<&str> = entry["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    fields.sort_unstable();
    assert_eq!(fields, ["began", "changes", "ended"], "{entry}");
    let field = |name: &str| {
        entry["diff"]["fields"].as_array().unwrap().iter().find(|f| f["field"] == name).unwrap()
            ["after"]
            .clone()
    };
    assert_eq!(field("changes"), json!(3));
    let began = field("began");
    let ended = field("ended");
    let began = chrono::DateTime::parse_from_rfc3339(began.as_str().unwrap()).unwrap();
    let ended = chrono::DateTime::parse_from_rfc3339(ended.as_str().unwrap()).unwrap();
    assert!(began <= ended);
    assert!((chrono::Utc::now() - ended.with_timezone(&chrono::Utc)).num_seconds() < 60);
}
