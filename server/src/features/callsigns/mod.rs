//! Callsign pools per rank, and the callsigns still free in them.

pub mod model;
pub mod routes;
pub mod store;
