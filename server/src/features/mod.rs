//! One folder per feature: `routes` (thin handlers), `model` (types and rules), `store` (SQL).

pub mod agencies;
pub mod health;
pub mod permissions;
pub mod roster;
