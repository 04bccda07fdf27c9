//! Rules and stores that several features call (never copy): whole-list saves under a
//! version check, the rank-limited catalogues, the report store and the review state machine
//! of reported incidents, and the organisation the structure and roster features both read
//! and change. Features never import each other: what two of them need lives here. The
//! access rules that features share (rank lists, document levels, who may change whose rank)
//! live in `access`. Every write records what it did through `audit`.

pub mod alerts;
pub mod audit;
pub mod bundle;
pub mod callsign_pools;
pub mod catalogue;
pub mod discord_roles;
pub mod discord_store;
pub mod hiring;
pub mod integrations;
pub mod leave;
pub mod organisation;
pub mod paging;
pub mod penal_code;
pub mod personnel_calendar;
pub mod qualifications;
pub mod report;
pub mod report_actions;
pub mod retry_queue;
pub mod review;
pub mod webhooks;
pub mod whole_list;

/// What a feature's routes may ask of the application's state: the parts the layers below
/// own, through their traits. `state::AppState` (beside the router) implements it; features
/// never name it, so they build on the layers below and nothing above.
pub trait Portal:
    crate::identity::IdentityState + crate::media::MediaState + Clone + Send + Sync + 'static
{
}

impl<S> Portal for S where
    S: crate::identity::IdentityState + crate::media::MediaState + Clone + Send + Sync + 'static
{
}
