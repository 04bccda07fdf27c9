//! One folder per feature: `routes` (thin handlers), `model` (types and rules), `store` (SQL).

pub mod agencies;
pub mod callsigns;
pub mod health;
pub mod logs;
pub mod permissions;
pub mod roster;
pub mod structure;
