//! Arrest reports live in the shared report store (`shared::report`), as the `arrest` kind.

use crate::{
    access::guard::{nav_item, NavItem},
    features::arrests::model::{ArrestBody, DUPLICATE_NUMBER, NOT_FOUND},
    shared::{
        report::{KindSpec, ReportKind},
        review::ARREST,
    },
};

pub const ARRESTS: ReportKind<ArrestBody> = ReportKind::new(KindSpec {
    flow: &ARREST,
    duplicate: DUPLICATE_NUMBER,
    readers: &[nav_item::ArrestReview::ID, nav_item::ArrestReport::ID],
    review_nav: nav_item::ArrestReview::ID,
    not_found: NOT_FOUND,
});
