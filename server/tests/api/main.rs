//! Integration tests: a real Postgres (a fresh database per test), the real router on a
//! random loopback port, and real object storage.
//!
//! Needs `TEST_DATABASE_URL` (a server where databases may be created); `scripts/test`
//! starts a throw-away cluster and sets it.

mod fixtures;
mod helpers;

mod access;
mod access_cache;
mod agencies;
mod agency_admin;
mod alerts;
mod analytics;
mod arrests;
mod audit;
mod bundles;
mod catalogues;
mod demo;
mod discord;
mod documents;
mod duty;
mod handoff;
mod hardening;
mod identity;
mod media;
mod organisation;
mod penal_codes;
mod personnel;
mod provisioning;
mod rank_access;
mod recruitment;
mod relay;
mod report_integrity;
mod report_pages;
mod roster;
mod second_server;
mod shared_stores;
mod sop_collab;
mod sop_sources;
mod sop_versions;
mod support;
mod tenancy;
mod tickets;
mod training;
mod use_of_force;
mod web;
