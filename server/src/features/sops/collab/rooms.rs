//! The open rooms of one instance, each with how many editors are in it. An editor's place is a
//! guard ([`Place`]): it is given back when dropped, so on every way a socket's task ends (it
//! returns, is cancelled, or panics while handling a message) the count goes down, and the
//! last editor's leaving closes the room. A place is the room's only way in or out.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, MutexGuard, PoisonError},
};

use crate::features::sops::collab::session::RoomKey;

/// What a room does when its last editor has left (and it is no longer open here).
pub trait Closing: Send + Sync + 'static {
    fn last_left(self: Arc<Self>);
}

/// The open rooms by key, with their editors' count.
pub struct Rooms<R> {
    open: Mutex<HashMap<RoomKey, Open<R>>>,
}

struct Open<R> {
    room: Arc<R>,
    editors: usize,
}

impl<R> Default for Rooms<R> {
    fn default() -> Self {
        Self { open: Mutex::new(HashMap::new()) }
    }
}

impl<R: Closing> Rooms<R> {
    /// The map, also after a panic elsewhere held its lock (a count must still be given back,
    /// and a guard dropped while unwinding must not panic again).
    fn lock(&self) -> MutexGuard<'_, HashMap<RoomKey, Open<R>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room of `key`, if open here.
    pub fn get(&self, key: &RoomKey) -> Option<Arc<R>> {
        self.lock().get(key).map(|open| open.room.clone())
    }

    /// How many rooms are open.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The open rooms whose key passes `keep`.
    pub fn filtered(&self, keep: impl Fn(&RoomKey, &R) -> bool) -> Vec<Arc<R>> {
        self.lock()
            .iter()
            .filter(|(key, open)| keep(key, &open.room))
            .map(|(_, open)| open.room.clone())
            .collect()
    }

    /// A place in the room of `key` (opened with `open` if it is not), unless it already holds
    /// `most` editors.
    pub fn enter(
        self: &Arc<Self>,
        key: RoomKey,
        open: impl FnOnce(RoomKey) -> Arc<R>,
        most: usize,
    ) -> Option<Place<R>> {
        let mut rooms = self.lock();
        let entry = rooms
            .entry(key.clone())
            .or_insert_with(|| Open { room: open(key.clone()), editors: 0 });
        if entry.editors >= most {
            return None;
        }
        entry.editors += 1;
        let room = entry.room.clone();
        Some(Place { rooms: self.clone(), key, room })
    }

    /// How many editors the room of `key` holds (0 when it is not open).
    pub fn editors(&self, key: &RoomKey) -> usize {
        self.lock().get(key).map_or(0, |open| open.editors)
    }
}

/// One editor's place in a room, given back when dropped.
pub struct Place<R: Closing> {
    rooms: Arc<Rooms<R>>,
    key: RoomKey,
    room: Arc<R>,
}

impl<R: Closing> Place<R> {
    pub fn room(&self) -> &Arc<R> {
        &self.room
    }
}

impl<R: Closing> Drop for Place<R> {
    fn drop(&mut self) {
        let last = {
            let mut rooms = self.rooms.lock();
            match rooms.get_mut(&self.key) {
                Some(open) if Arc::ptr_eq(&open.room, &self.room) => {
                    open.editors = open.editors.saturating_sub(1);
                    if open.editors == 0 {
                        rooms.remove(&self.key);
                        true
                    } else {
                        false
                    }
                }
                _ => false,
            }
        };
        if last {
            self.room.clone().last_left();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{
        atomic::{AtomicUsize, Ordering},
        Arc,
    };

    use super::{Closing, Rooms};
    use crate::features::sops::collab::session::RoomKey;

    #[derive(Default)]
    struct Probe {
        closed: AtomicUsize,
    }

    impl Closing for Probe {
        fn last_left(self: Arc<Self>) {
            self.closed.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn key() -> RoomKey {
        RoomKey { agency: 1, document: "doc".into() }
    }

    #[test]
    fn a_place_is_given_back_however_the_editor_leaves_and_the_last_closes_the_room() {
        let rooms: Arc<Rooms<Probe>> = Arc::default();
        let probe = Arc::new(Probe::default());
        let open = |_| probe.clone();
        let first = rooms.enter(key(), open, 2).unwrap();
        let second = rooms.enter(key(), |_| unreachable!("the room is open"), 2).unwrap();
        assert!(rooms.enter(key(), |_| unreachable!(), 2).is_none(), "the room is full");
        assert_eq!(rooms.editors(&key()), 2);

        // An editor's task panics while handling a message: its place comes back.
        let panicked = std::thread::spawn(move || {
            let _held = second;
            panic!("while handling a message");
        })
        .join();
        assert!(panicked.is_err());
        assert_eq!(rooms.editors(&key()), 1);
        assert_eq!(probe.closed.load(Ordering::SeqCst), 0);
        let third = rooms.enter(key(), |_| unreachable!(), 2).expect("the place is free again");
        drop(third);

        // The last one out closes the room, once.
        drop(first);
        assert_eq!(rooms.editors(&key()), 0);
        assert!(rooms.is_empty());
        assert_eq!(probe.closed.load(Ordering::SeqCst), 1);

        // A room whose last editor panicked is closed too, and the next editor gets a new one.
        let fresh = Arc::new(Probe::default());
        let place = rooms.enter(key(), |_| fresh.clone(), 2).unwrap();
        assert!(Arc::ptr_eq(place.room(), &fresh));
        let panicked = std::thread::spawn(move || {
            let _held = place;
            panic!("while handling a message");
        })
        .join();
        assert!(panicked.is_err());
        assert!(rooms.is_empty());
        assert_eq!(fresh.closed.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_place_is_given_back_even_when_a_panic_left_the_map_poisoned() {
        let rooms: Arc<Rooms<Probe>> = Arc::default();
        let probe = Arc::new(Probe::default());
        let place = rooms.enter(key(), |_| probe.clone(), 2).unwrap();
        let poisoner = rooms.clone();
        let _ = std::thread::spawn(move || {
            let _lock = poisoner.open.lock().unwrap();
            panic!("with the lock held");
        })
        .join();
        drop(place);
        assert!(rooms.is_empty());
        assert_eq!(probe.closed.load(Ordering::SeqCst), 1);
    }
}
