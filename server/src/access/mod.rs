//! Levels, viewer context, navigation permissions and the route guards that enforce them.

pub mod answer;
pub mod cache;
pub mod document_level;
pub mod guard;
pub mod member;
pub mod nav;
pub mod rank_access;
pub mod rank_list;
pub mod rate;
pub mod scope;
pub mod store;
pub mod tokens;
pub mod viewer;

/// Levels belong to the agency's settings (`tenancy`); the access rules read them here.
pub use crate::tenancy::levels;
pub use guard::{Guard, HighCommand};
pub use viewer::Viewer;

use std::sync::Arc;

use crate::{identity::session_cache::CachedSessionStore, tenancy::TenancyState};

/// What the access extractors ([`Viewer`], [`Guard`]) need of the application's state besides
/// tenancy: the cache of accounts, standings and navigation rules, and the sessions.
pub trait AccessState: TenancyState {
    fn access_cache(&self) -> &Arc<cache::AccessCache>;
    fn sessions(&self) -> &CachedSessionStore;
    /// Per-token rates and last uses of agency API tokens.
    fn token_gate(&self) -> &tokens::TokenGate;
    /// Applications' rates per Discord account and address (issue 26).
    fn apply_gate(&self) -> &rate::ApplyGate;
}
