//! Rules and stores that several features call (never copy): whole-list saves under a
//! version check, the rank-limited catalogues, the report store and the review state machine
//! of reported incidents, and the organisation the structure and roster features both read
//! and change. Features never import each other: what two of them need lives here. The
//! access rules that features share (rank lists, document levels, who may change whose rank)
//! live in `access`. Every write records what it did through `audit`.

pub mod audit;
pub mod callsign_pools;
pub mod catalogue;
pub mod organisation;
pub mod penal_code;
pub mod report;
pub mod report_actions;
pub mod review;
pub mod whole_list;
