//! One folder per feature: `routes` (thin handlers), `model` (types and rules), `store` (SQL).

pub mod agencies;
pub mod alerts;
pub mod analytics;
pub mod api_tokens;
pub mod arrests;
pub mod bundles;
pub mod callsigns;
pub mod catalogue_images;
pub mod discord;
pub mod duty;
pub mod equipment;
pub mod health;
pub mod leave;
pub mod logs;
pub mod penal_codes;
pub mod permissions;
pub mod personnel_file;
pub mod qualifications;
pub mod recruitment;
pub mod roster;
pub mod sops;
pub mod structure;
pub mod tickets;
pub mod training;
pub mod uniforms;
pub mod use_of_force;
pub mod vehicles;

/// Every feature's default data for a new agency, in the order provisioning runs them (the
/// roster's first member needs the structure's starter ranks).
pub fn seeders() -> Vec<crate::tenancy::provision::Seeder> {
    vec![
        agencies::store::seed,
        structure::store::seed,
        roster::store::seed,
        permissions::store::seed,
        penal_codes::store::seed,
    ]
}
