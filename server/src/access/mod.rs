//! Levels, viewer context, navigation permissions and the route guards that enforce them.

pub mod cache;
pub mod document_level;
pub mod guard;
pub mod member;
pub mod nav;
pub mod rank_access;
pub mod rank_list;
pub mod store;
pub mod viewer;

/// Levels belong to the agency's settings (`tenancy`); the access rules read them here.
pub use crate::tenancy::levels;
pub use guard::{Guard, HighCommand};
pub use viewer::Viewer;
