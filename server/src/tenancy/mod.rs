//! Tenancy: the agency registry, per-agency schemas and pools, provisioning, migrations and
//! the resolver that picks the agency of each request (ARCHITECTURE.md §3).

pub mod levels;
pub mod listener;
pub mod migrate;
pub mod pools;
pub mod provision;
pub mod registry;
pub mod resolver;
pub mod settings;
pub mod slug;
pub mod spares;

pub use registry::{Agency, AgencyTexts, Registry};
pub use resolver::{CurrentAgency, TenancyState, Tenant};

/// The built-in root agency: it always exists, administers the others and cannot be hidden.
pub const ROOT_SLUG: &str = "rawlife";
