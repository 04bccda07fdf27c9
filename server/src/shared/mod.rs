//! Rules and stores that several features call (never copy): whole-list saves under a
//! version check, the rank-limited catalogues, and the review state machine of reported incidents. The access rules that
//! features share (rank lists, document levels, who may change whose rank) live in `access`.

pub mod catalogue;
pub mod report;
pub mod review;
pub mod whole_list;
