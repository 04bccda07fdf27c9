//! Levels, viewer context and navigation permissions.

pub mod levels;
pub mod nav;
