//! Department structure: departments with their ranks, sub-departments and roles
//! (command-and-reports §2 Department management, §3, §5, §7).

pub mod model;
pub mod routes;
pub mod store;
