//! Use-of-force SQL: reports of kind `use_of_force` in the shared report store
//! (`shared::report`), filed, listed, read and reviewed there through the use-of-force flow.

use crate::{
    features::use_of_force::model::{UofBody, DUPLICATE_NUMBER},
    shared::{report::ReportKind, review::USE_OF_FORCE},
};

pub const REPORTS: ReportKind<UofBody> = ReportKind::new(&USE_OF_FORCE, DUPLICATE_NUMBER);
