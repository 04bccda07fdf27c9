//! Use-of-force reports live in the shared report store (`shared::report`), as the
//! `use_of_force` kind.

use crate::{
    access::guard::{nav_item, NavItem},
    features::use_of_force::model::{UofBody, DUPLICATE_NUMBER, NOT_FOUND},
    shared::{
        report::{KindSpec, ReportKind},
        review::USE_OF_FORCE,
    },
};

pub const REPORTS: ReportKind<UofBody> = ReportKind::new(KindSpec {
    flow: &USE_OF_FORCE,
    duplicate: DUPLICATE_NUMBER,
    readers: &[nav_item::UseOfForceReview::ID, nav_item::UseOfForceReport::ID],
    review_nav: nav_item::UseOfForceReview::ID,
    not_found: NOT_FOUND,
});
