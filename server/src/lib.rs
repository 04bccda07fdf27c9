//! Agency Portal: a self-hosted, multi-tenant portal for roleplay law-enforcement communities.
//! See ARCHITECTURE.md for the design; `main.rs` is the command line.

pub mod access;
pub mod config;
pub mod demo;
pub mod demo_analytics;
pub mod demo_catalogues;
pub mod demo_discord;
pub mod demo_duty;
pub mod demo_organisation;
pub mod demo_personnel;
pub mod demo_recruitment;
pub mod demo_reports;
pub mod error;
pub mod extract;
pub mod features;
pub mod identity;
pub mod media;
pub mod router;
pub mod secrets;
pub mod shared;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod tenancy;
pub mod validate;
pub mod web;
pub mod worker;
