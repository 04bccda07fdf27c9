//! Identity: Discord OAuth2 sign-in, server-side sessions, the signed-in user, demo sign-in.

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
