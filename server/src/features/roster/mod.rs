//! The roster: people of an agency with their department, rank, callsign and status.

pub mod model;
pub mod routes;
pub mod store;
