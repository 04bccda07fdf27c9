//! Roster logs: rank changes and hires (command-and-reports §2 Command logs, §3).

pub mod model;
pub mod routes;
pub mod store;
