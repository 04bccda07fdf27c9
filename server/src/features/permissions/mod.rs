//! Navigation permissions: who sees each page (command-and-reports §2 Permissions, §4, §6).

pub mod model;
pub mod routes;
pub mod store;
