//! What bounds one member's use of a live room (issue 28, from the final review): the shared
//! document's size, the rate of one socket's cursor (awareness) messages, the announcements of
//! cursors to the other instances (coalesced per room), and the live-editing stretches that the
//! audit log records. Pure: the room (`session`) applies them.

use std::{
    collections::HashMap,
    num::NonZeroU32,
    time::{Duration, Instant},
};

use chrono::{DateTime, Utc};
use governor::{
    clock::{Clock, DefaultClock},
    middleware::NoOpMiddleware,
    state::{InMemoryState, NotKeyed},
    Quota, RateLimiter,
};
use yrs::{
    sync::awareness::{AwarenessUpdate, AwarenessUpdateEntry},
    ClientID,
};

// ------------------------------------------------------------------ the document's size

/// The largest shared document a room keeps, in bytes of its whole state as y-protocols
/// encodes it (v1: what is stored as the snapshot and sent to every joiner). A draft holds at
/// most 100,000 characters of HTML; seeded, such a draft takes about 158 kB (measured below:
/// the markup becomes structure, the text stays), and after 10,000 edits scattered over it by
/// 50 members (50,000 letters typed a key at a time, 25,000 rubbed out) about 590 kB, the
/// history a CRDT keeps. 4 MiB is 26 times the largest draft seeded and 7 times that much
/// editing: no draft written by hand comes near it, while a room (in memory on each instance,
/// sent whole to each joiner, stored as one row) stays small.
pub const MAX_DOCUMENT_BYTES: usize = 4 * 1024 * 1024;

/// How many bytes the encoded document may grow by, at most, per byte of an update applied to
/// it: besides the update's own bytes, each struct or deleted range it holds (two bytes at
/// least) may split items of the document, and a split costs a header of its own (info, two
/// ids, a length: under 46 bytes). The worst update measured (one letter rubbed out inside each
/// of 2,000 runs) grew the document by 10 times its length.
pub const GROWTH: usize = 48;

/// The document's size against [`MAX_DOCUMENT_BYTES`]: an estimate that never falls below the
/// real size (it grows by [`GROWTH`] times each update's length), made exact by encoding the
/// whole document only when it would pass the bound, so a room encodes its document once in a
/// few thousand keystrokes, not on each.
#[derive(Debug, Clone)]
pub struct SizeBound {
    estimate: usize,
    limit: usize,
}

impl SizeBound {
    /// A document whose encoding is `exact` bytes long.
    pub fn new(exact: usize, limit: usize) -> Self {
        Self { estimate: exact, limit }
    }

    /// Before an update of `len` bytes is applied: false when even the update's own bytes
    /// would pass the bound (`exact` is asked only when the estimate says so). Nothing is
    /// applied then.
    pub fn admits(&mut self, len: usize, exact: impl FnOnce() -> usize) -> bool {
        if self.estimate.saturating_add(len) <= self.limit {
            return true;
        }
        self.estimate = exact();
        self.estimate.saturating_add(len) <= self.limit
    }

    /// After an update of `len` bytes was applied: whether the document is still within the
    /// bound (`exact` is asked only when the estimate passes it).
    pub fn applied(&mut self, len: usize, exact: impl FnOnce() -> usize) -> bool {
        self.grew(len);
        if self.estimate <= self.limit {
            return true;
        }
        self.estimate = exact();
        self.estimate <= self.limit
    }

    /// An update the room takes without judging it (the portal's own, or one another
    /// instance stored): counted, never refused.
    pub fn grew(&mut self, len: usize) {
        self.estimate = self.estimate.saturating_add(len.saturating_mul(GROWTH));
    }

    /// The document was replaced by one `exact` bytes long.
    pub fn reset(&mut self, exact: usize) {
        self.estimate = exact;
    }

    pub fn estimate(&self) -> usize {
        self.estimate
    }
}

// ------------------------------------------------------------------ cursors

/// Cursor messages one socket may have passed on per second, and at once.
pub const CURSOR_RATE: NonZeroU32 = NonZeroU32::new(20).unwrap();
pub const CURSOR_BURST: NonZeroU32 = NonZeroU32::new(20).unwrap();
/// The largest state one cursor client may have (the member's name, colour and caret take a
/// few hundred bytes); a larger one is not passed on.
pub const MAX_CURSOR_STATE: usize = 4096;
/// At most one announcement of a room's cursors to the other instances per this time.
pub const CURSOR_INTERVAL: Duration = Duration::from_millis(100);

/// One socket's cursor messages (awareness updates and queries) against [`CURSOR_RATE`], with
/// bursts of [`CURSOR_BURST`] (`governor`'s cell rate, as the API tokens and applications are
/// limited). A message past the rate is not passed on at once: the latest state of each of the
/// socket's clients is held (a newer one replaces it) and passed on, in one message, as soon
/// as the rate allows; a query past the rate is answered then. So the others see where a caret
/// ended, never more often than the rate, and nothing a socket sends past the rate reaches
/// anyone but the state it ends with. The socket is not closed for its rate: a flood costs
/// only the reading of it. `now` is the caller's clock for [`CursorGate::due`]; the rate is
/// judged by `C` (a fake clock in the tests).
pub struct CursorGate<C: Clock = DefaultClock> {
    limiter: RateLimiter<NotKeyed, InMemoryState, C, NoOpMiddleware<C::Instant>>,
    clock: C,
    /// When what is held may pass (set when the rate last held something back).
    due: Option<Instant>,
    held: HashMap<ClientID, AwarenessUpdateEntry>,
    query: bool,
}

impl CursorGate {
    pub fn new() -> Self {
        Self::with_clock(DefaultClock::default())
    }
}

impl Default for CursorGate {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Clock + Clone> CursorGate<C> {
    pub fn with_clock(clock: C) -> Self {
        let quota = Quota::per_second(CURSOR_RATE).allow_burst(CURSOR_BURST);
        Self {
            limiter: RateLimiter::direct_with_clock(quota, clock.clone()),
            clock,
            due: None,
            held: HashMap::new(),
            query: false,
        }
    }

    /// An awareness update arrived: what may be passed on now (with anything held before it),
    /// or `None` when it is held.
    pub fn offer(&mut self, update: AwarenessUpdate, now: Instant) -> Option<Released> {
        self.held.extend(update.clients);
        self.release(now)
    }

    /// A query arrived: whether it may be answered now (else it is answered when released).
    pub fn offer_query(&mut self, now: Instant) -> Option<Released> {
        self.query = true;
        self.release(now)
    }

    /// Everything held, if the rate allows it now.
    pub fn release(&mut self, now: Instant) -> Option<Released> {
        if !self.is_holding() {
            return None;
        }
        if let Err(not_until) = self.limiter.check() {
            self.due = Some(now + not_until.wait_time_from(self.clock.now()));
            return None;
        }
        self.due = None;
        let clients = std::mem::take(&mut self.held);
        let update = (!clients.is_empty()).then_some(AwarenessUpdate { clients });
        Some(Released { update, query: std::mem::take(&mut self.query) })
    }

    pub fn is_holding(&self) -> bool {
        !self.held.is_empty() || self.query
    }

    /// When the rate allows what is held (`None` when nothing is).
    pub fn due(&self) -> Option<Instant> {
        self.due.filter(|_| self.is_holding())
    }
}

/// What a [`CursorGate`] lets through at once: the states to pass on, and whether a query is
/// to be answered.
#[derive(Debug, PartialEq)]
pub struct Released {
    pub update: Option<AwarenessUpdate>,
    pub query: bool,
}

/// The bytes one entry takes in an encoded awareness update, at most (client id and clock as
/// variable-length integers, the JSON with its length).
fn entry_bytes(entry: &AwarenessUpdateEntry) -> usize {
    10 + 5 + 5 + entry.json.len()
}

/// A room's cursors waiting to be announced to the other instances: the latest state of each
/// client since the last announcement.
#[derive(Debug, Default)]
pub struct CursorOutbox {
    waiting: HashMap<ClientID, AwarenessUpdateEntry>,
}

impl CursorOutbox {
    /// States to announce (each replaces a waiting state of the same client).
    pub fn add(&mut self, update: &AwarenessUpdate) {
        for (client, entry) in &update.clients {
            self.waiting.insert(*client, entry.clone());
        }
    }

    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// The waiting states that fit in `budget` bytes of encoded update, taken out (the rest
    /// waits for the next announcement); a state that could never fit is dropped.
    pub fn take_batch(&mut self, budget: usize) -> Option<AwarenessUpdate> {
        let mut clients: Vec<ClientID> = self.waiting.keys().copied().collect();
        clients.sort_unstable();
        let mut taken = HashMap::new();
        let mut used = 5;
        for client in clients {
            let size = entry_bytes(&self.waiting[&client]);
            if 5 + size > budget {
                self.waiting.remove(&client);
                continue;
            }
            if used + size > budget {
                continue;
            }
            used += size;
            if let Some(entry) = self.waiting.remove(&client) {
                taken.insert(client, entry);
            }
        }
        (!taken.is_empty()).then_some(AwarenessUpdate { clients: taken })
    }
}

// ------------------------------------------------------------------ live-editing stretches

/// A stretch ends after this long without a change from its member (or when their socket
/// closes): one audit entry per stretch, never one per keystroke.
pub const STRETCH_IDLE: Duration = Duration::from_secs(10 * 60);

/// One member's live editing on one socket: from their first change to their last.
#[derive(Debug, Default)]
pub struct Stretch {
    open: Option<Ended>,
}

/// A stretch as the audit log records it.
#[derive(Debug, Clone, PartialEq)]
pub struct Ended {
    pub began: DateTime<Utc>,
    pub ended: DateTime<Utc>,
    /// How many updates that changed the document the member sent.
    pub changes: u64,
}

impl Stretch {
    /// The member's update changed the document at `at`.
    pub fn changed(&mut self, at: DateTime<Utc>) {
        match &mut self.open {
            Some(open) => {
                open.ended = at;
                open.changes += 1;
            }
            None => self.open = Some(Ended { began: at, ended: at, changes: 1 }),
        }
    }

    /// The stretch, if one is open and its last change is [`STRETCH_IDLE`] before `now`.
    pub fn idle(&mut self, now: DateTime<Utc>) -> Option<Ended> {
        let idle = chrono::Duration::from_std(STRETCH_IDLE).unwrap_or(chrono::Duration::MAX);
        if self.open.as_ref().is_some_and(|open| now - open.ended >= idle) {
            return self.open.take();
        }
        None
    }

    /// The stretch, if one is open (the socket closed).
    pub fn end(&mut self) -> Option<Ended> {
        self.open.take()
    }
}

#[cfg(test)]
mod tests {
    use std::{
        collections::HashMap,
        time::{Duration, Instant},
    };

    use chrono::{TimeZone, Utc};
    use yrs::sync::awareness::{AwarenessUpdate, AwarenessUpdateEntry};

    use super::*;
    use governor::clock::FakeRelativeClock;

    fn cursor(client: u64, clock: u32, json: &str) -> AwarenessUpdate {
        let entry = AwarenessUpdateEntry { clock, json: json.into() };
        AwarenessUpdate { clients: HashMap::from([(ClientID::new(client), entry)]) }
    }

    #[test]
    fn the_size_is_encoded_only_when_the_estimate_nears_the_bound() {
        let mut bound = SizeBound::new(1_000, 100_000);
        let mut encoded = 0;
        // 30-byte keystrokes: the estimate grows by 1,440 bytes each; 68 fit before it passes.
        for _ in 0..68 {
            assert!(bound.admits(30, || unreachable!()));
            assert!(bound.applied(30, || unreachable!()));
        }
        assert!(bound.admits(30, || unreachable!()));
        assert!(bound.applied(30, || {
            encoded += 1;
            1_100
        }));
        assert_eq!((encoded, bound.estimate()), (1, 1_100));
        // An update that alone would pass the bound is refused before it is applied.
        assert!(!bound.admits(99_000, || 1_100));
        // One that passes it once applied is refused after.
        assert!(bound.admits(3_000, || unreachable!()));
        assert!(!bound.applied(3_000, || 100_001));
        // The room is put back as it was stored.
        bound.reset(1_100);
        assert_eq!(bound.estimate(), 1_100);
        // The portal's own updates are counted, never refused.
        bound.grew(10);
        assert_eq!(bound.estimate(), 1_100 + 480);
    }

    #[test]
    fn a_socket_passes_a_burst_of_cursors_then_the_latest_at_the_rate() {
        // The rate's clock and the caller's move together.
        let clock = FakeRelativeClock::default();
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut elapsed = 0;
        let mut advance = |to: u64| {
            clock.advance(Duration::from_millis(to - elapsed));
            elapsed = to;
        };
        let mut gate = CursorGate::with_clock(clock.clone());
        for i in 0..20 {
            let passed = gate.offer(cursor(7, i, "{}"), start).expect("within the burst");
            assert_eq!(passed.update.unwrap().clients[&ClientID::new(7)].clock, i);
        }
        // Past the burst: held, the latest state replacing the one before.
        assert_eq!(gate.offer(cursor(7, 20, r#"{"a":1}"#), start), None);
        assert_eq!(gate.offer(cursor(7, 21, r#"{"a":2}"#), start), None);
        assert_eq!(gate.offer(cursor(8, 1, "{}"), start), None);
        assert_eq!(gate.offer_query(start), None);
        let due = gate.due().unwrap() - start;
        assert!(due.abs_diff(Duration::from_millis(50)) < Duration::from_millis(1), "{due:?}");
        advance(10);
        assert_eq!(gate.release(at(10)), None);
        assert_eq!(gate.due(), Some(start + Duration::from_millis(50)), "still due then");
        advance(51);
        let released = gate.release(at(51)).unwrap();
        assert!(released.query);
        let update = released.update.unwrap();
        assert_eq!(update.clients.len(), 2);
        assert_eq!(&*update.clients[&ClientID::new(7)].json, r#"{"a":2}"#);
        assert_eq!(gate.due(), None);
        // A flood of 1,000 in one second passes 20 (one every 50 ms), each the latest.
        let mut passed = 0;
        for i in 0..1000u32 {
            let now = 51 + u64::from(i);
            advance(now);
            if gate.offer(cursor(7, 100 + i, "{}"), at(now)).is_some() {
                passed += 1;
            }
        }
        assert!((19..=21).contains(&passed), "{passed}");
        // What the flood's end left held passes at its due time; then nothing is held.
        let mut to = 1050;
        if let Some(due) = gate.due() {
            to += (due - at(1050)).as_micros().div_ceil(1000) as u64;
            advance(to);
            assert!(gate.release(at(to)).is_some());
        }
        assert_eq!(gate.due(), None);
        // Quiet for one second after that, the burst is whole again (and not one more).
        advance(to + 1_000);
        for i in 0..20 {
            assert!(gate.offer(cursor(7, 2_000 + i, "{}"), at(to + 1_000)).is_some(), "burst {i}");
        }
        assert_eq!(gate.offer(cursor(7, 3_000, "{}"), at(to + 1_000)), None);
    }

    #[test]
    fn a_rooms_cursors_are_announced_latest_first_in_batches_that_fit() {
        let mut outbox = CursorOutbox::default();
        for clock in 0..50 {
            outbox.add(&cursor(1, clock, &format!(r#"{{"n":{clock}}}"#)));
        }
        let state = "x".repeat(900);
        for client in 2..12 {
            outbox.add(&cursor(client, 1, &state));
        }
        // One state per client (the latest), as many as fit.
        let first = outbox.take_batch(3_000).unwrap();
        assert_eq!(&*first.clients[&ClientID::new(1)].json, r#"{"n":49}"#);
        assert_eq!(first.clients.len(), 4);
        let mut announced = first.clients.len();
        while let Some(batch) = outbox.take_batch(3_000) {
            announced += batch.clients.len();
        }
        assert_eq!(announced, 11);
        // A state that can never fit is dropped, not kept forever.
        outbox.add(&cursor(99, 1, &"y".repeat(5_000)));
        assert_eq!(outbox.take_batch(3_000).map(|b| b.clients.len()), None);
        assert!(outbox.is_empty());
    }

    #[test]
    fn a_stretch_runs_from_the_first_change_to_the_last_and_ends_when_idle_or_closed() {
        let at = |minute: u32| Utc.with_ymd_and_hms(2026, 11, 27, 10, minute, 0).unwrap();
        let mut stretch = Stretch::default();
        assert_eq!(stretch.end(), None);
        stretch.changed(at(0));
        stretch.changed(at(1));
        stretch.changed(at(5));
        assert_eq!(stretch.idle(at(14)), None);
        assert_eq!(stretch.idle(at(15)), Some(Ended { began: at(0), ended: at(5), changes: 3 }));
        assert_eq!(stretch.end(), None);
        stretch.changed(at(20));
        assert_eq!(stretch.end(), Some(Ended { began: at(20), ended: at(20), changes: 1 }));
    }
}

/// What a draft of the largest size takes as a shared document, seeded and after a long life of
/// edits by many members (the measurement behind [`MAX_DOCUMENT_BYTES`]).
#[cfg(test)]
mod measured {
    use yrs::{
        updates::decoder::Decode, Doc, GetString, ReadTxn, StateVector, Text, Transact, Update,
        XmlFragment, XmlOut, XmlTextRef,
    };

    use super::MAX_DOCUMENT_BYTES;
    use crate::features::sops::{collab::convert, model::MAX_CONTENT};

    /// A pseudo-random sequence (the same in every run).
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: u32) -> u32 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % u64::from(n.max(1))) as u32
        }
    }

    /// An HTML draft of just under `MAX_CONTENT` characters: headings, paragraphs and lists.
    fn largest_draft() -> String {
        let words = ["patrol", "unit", "shall", "report", "the", "scene", "to", "dispatch"];
        let mut rng = Lcg(7);
        let mut html = String::new();
        let mut section = 0;
        while html.len() < MAX_CONTENT - 2_000 {
            section += 1;
            html.push_str(&format!("<h2>Section {section}</h2><p>"));
            for _ in 0..60 {
                html.push_str(words[rng.below(8) as usize]);
                html.push(' ');
            }
            html.push_str("<strong>Note.</strong></p><ul>");
            for _ in 0..3 {
                html.push_str("<li><p>Check the radio and the lights.</p></li>");
            }
            html.push_str("</ul>");
        }
        assert!(html.chars().count() <= MAX_CONTENT);
        html
    }

    fn size(doc: &Doc) -> usize {
        doc.transact().encode_state_as_update_v1(&StateVector::default()).len()
    }

    /// Every text of the fragment, in order.
    fn texts(doc: &Doc) -> Vec<XmlTextRef> {
        fn walk<T: ReadTxn>(txn: &T, node: XmlOut, out: &mut Vec<XmlTextRef>) {
            match node {
                XmlOut::Text(text) => out.push(text),
                XmlOut::Element(element) => {
                    for child in element.children(txn) {
                        walk(txn, child, out);
                    }
                }
                XmlOut::Fragment(_) => {}
            }
        }
        let fragment = doc.get_or_insert_xml_fragment(convert::FIELD);
        let txn = doc.transact();
        let mut out = Vec::new();
        for child in fragment.children(&txn) {
            walk(&txn, child, &mut out);
        }
        out
    }

    /// One member's stretch on a replica of `main`: `edits` times, a place is chosen, a few
    /// letters rubbed out and a word typed letter by letter (a transaction each, as keys are);
    /// then the replica's changes reach `main`.
    fn stretch(main: &Doc, client: u64, edits: u32, rng: &mut Lcg) {
        let replica = Doc::with_client_id(client);
        {
            let whole = main.transact().encode_state_as_update_v1(&StateVector::default());
            replica.transact_mut().apply_update(Update::decode_v1(&whole).unwrap()).unwrap();
        }
        let texts = texts(&replica);
        for _ in 0..edits {
            let text = &texts[rng.below(texts.len() as u32) as usize];
            let len = text.len(&replica.transact());
            let at = rng.below(len + 1);
            let rub = rng.below(6).min(len - at);
            if rub > 0 {
                text.remove_range(&mut replica.transact_mut(), at, rub);
            }
            for (offset, letter) in ["w", "o", "r", "d", " "].into_iter().enumerate() {
                text.insert(&mut replica.transact_mut(), at + offset as u32, letter);
            }
        }
        let theirs = replica.transact().encode_state_as_update_v1(&main.transact().state_vector());
        main.transact_mut().apply_update(Update::decode_v1(&theirs).unwrap()).unwrap();
    }

    #[test]
    fn a_large_draft_rewritten_many_times_stays_within_the_bound() {
        let main = Doc::new();
        {
            let fragment = main.get_or_insert_xml_fragment(convert::FIELD);
            convert::write_html(&mut main.transact_mut(), &fragment, &largest_draft());
        }
        let seeded = size(&main);
        let characters: usize =
            texts(&main).iter().map(|t| t.get_string(&main.transact()).len()).sum();
        // 50 stretches by as many members, 200 edits each: 10,000 scattered edits, 50,000
        // letters typed one at a time, about 25,000 rubbed out.
        let mut rng = Lcg(42);
        for client in 0..50 {
            stretch(&main, 3_000_000_000 + client, 200, &mut rng);
        }
        let edited = size(&main);
        eprintln!(
            "largest draft: {characters} characters of text, {seeded} bytes seeded, \
             {edited} bytes after 10,000 scattered edits by 50 members"
        );
        assert!(seeded < 200_000, "{seeded}");
        assert!(edited * 4 < MAX_DOCUMENT_BYTES, "{edited}");
    }

    /// The worst growth per byte of update: a change that rubs out one letter inside each of
    /// many runs splits every one of them in three.
    #[test]
    fn an_update_grows_the_document_by_less_than_growth_times_its_length() {
        use super::GROWTH;
        // Client ids as browsers draw them (32 bits: five bytes each time one is written).
        let main = Doc::with_client_id(3_123_456_789);
        let fragment = main.get_or_insert_xml_fragment(convert::FIELD);
        let text = {
            let mut txn = main.transact_mut();
            let paragraph = fragment.push_back(&mut txn, yrs::XmlElementPrelim::empty("paragraph"));
            paragraph.push_back(&mut txn, yrs::XmlTextPrelim::new(""))
        };
        // 2,000 runs of 40 letters, each typed before the last (so none merge).
        for run in 0..2_000u32 {
            let letters = format!("{:040}", run);
            text.insert(&mut main.transact_mut(), 0, &letters);
        }
        let before = size(&main);
        let replica = Doc::with_client_id(3_987_654_321);
        let whole = main.transact().encode_state_as_update_v1(&StateVector::default());
        replica.transact_mut().apply_update(Update::decode_v1(&whole).unwrap()).unwrap();
        let theirs = replica.get_or_insert_xml_fragment(convert::FIELD);
        let update = {
            let txn = replica.transact();
            let Some(XmlOut::Element(paragraph)) = theirs.get(&txn, 0) else { panic!() };
            let Some(XmlOut::Text(text)) = paragraph.get(&txn, 0) else { panic!() };
            drop(txn);
            let mut txn = replica.transact_mut();
            for run in (0..2_000u32).rev() {
                text.remove_range(&mut txn, run * 40 + 20, 1);
            }
            txn.encode_update_v1()
        };
        main.transact_mut().apply_update(Update::decode_v1(&update).unwrap()).unwrap();
        let grown = size(&main) - before;
        eprintln!("an update of {} bytes grew the document by {grown}", update.len());
        assert!(grown <= GROWTH * update.len(), "{grown} for {}", update.len());
    }
}
