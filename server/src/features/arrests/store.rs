//! Arrest SQL: reports of kind `arrest` in the shared report store (`shared::report`), filed,
//! listed, read, corrected and reviewed there through the arrest review flow.

use crate::{
    features::arrests::model::{ArrestBody, DUPLICATE_NUMBER},
    shared::{report::ReportKind, review::ARREST},
};

pub const ARRESTS: ReportKind<ArrestBody> = ReportKind::new(&ARREST, DUPLICATE_NUMBER);
