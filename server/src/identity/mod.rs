//! Identity: Discord OAuth2 sign-in, server-side sessions, the signed-in user, demo sign-in.

pub mod bot;
pub mod demo;
pub mod discord;
pub mod handoff;
pub mod oauth;
pub mod origin;
pub mod pages;
pub mod routes;
pub mod session;
pub mod session_cache;
pub mod transport;
pub mod users;

pub use session::SignedIn;

use crate::access::AccessState;

/// What the sign-in routes need besides access: the Discord API, `None` when sign-in is not
/// configured.
pub trait IdentityState: AccessState {
    fn discord(&self) -> Option<&discord::DiscordApi>;
    /// Discord's bot API for the agencies' own bots (role sync, webhooks).
    fn bots(&self) -> &bot::Bots;
}
