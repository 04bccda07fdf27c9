pub mod admin;
pub mod model;
pub mod routes;
pub mod store;
