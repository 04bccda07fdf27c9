//! Route guards. Every API route names what it requires in its signature:
//! `Guard<nav::Roster>` (the viewer may see that navigation item), `HighCommand<P>` (High
//! Command of the agency), `RootHighCommand` (High Command of the root agency), or nothing
//! for public routes. Denied: 401 when not signed in, 403 otherwise.

use std::marker::PhantomData;

use axum::{
    extract::FromRequestParts,
    http::{request::Parts, Method},
};

use crate::{
    access::AccessState,
    access::{nav::can_see, store, viewer::ON_LEAVE, Viewer},
    error::{forbidden, AppError},
    tenancy::ROOT_SLUG,
};

pub const SIGN_IN_REQUIRED: &str = "You must be signed in to do that.";
pub const NO_PERMISSION: &str = "You do not have permission to view this page.";

/// A navigation item that guards routes.
pub trait NavItem: Send + Sync + 'static {
    const ID: &'static str;
    /// Writes behind this item are management (refused on leave of absence); items whose
    /// writes every member makes (filing a report) say `false`.
    const MANAGEMENT: bool = true;
}

/// Refuses a change by a member on leave of absence (README "Access rules").
pub fn require_can_manage(viewer: &Viewer) -> Result<(), AppError> {
    if viewer.is_authenticated() && !viewer.can_manage {
        return Err(forbidden(ON_LEAVE));
    }
    Ok(())
}

fn is_write(parts: &Parts) -> bool {
    !matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Passes when the viewer may see navigation item `N` (member-portal §6).
pub struct Guard<N: NavItem>(pub Viewer, pub PhantomData<N>);

impl<N: NavItem> std::ops::Deref for Guard<N> {
    type Target = Viewer;
    fn deref(&self) -> &Viewer {
        &self.0
    }
}

/// Refuses with 401 or 403 unless `viewer` may see `nav_id`.
pub async fn require_nav(viewer: &Viewer, nav_id: &str) -> Result<(), AppError> {
    // A token's requests were held to its scopes before any route ran.
    if viewer.is_service() {
        return Ok(());
    }
    let load = store::nav_rule(viewer.pool(), nav_id);
    let rule = viewer.access.nav_rule(&viewer.agency, nav_id, load).await?;
    if can_see(rule.as_ref(), &viewer.facts(), &viewer.level_order()) {
        Ok(())
    } else if viewer.is_authenticated() {
        Err(forbidden(NO_PERMISSION))
    } else {
        Err(AppError::Unauthorized(SIGN_IN_REQUIRED.into()))
    }
}

impl<N: NavItem, S: AccessState> FromRequestParts<S> for Guard<N> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        require_nav(&viewer, N::ID).await?;
        if N::MANAGEMENT && is_write(parts) {
            require_can_manage(&viewer)?;
        }
        Ok(Self(viewer, PhantomData))
    }
}

/// A High Command page and the sentence shown to everyone else (command-and-reports §6).
pub trait HighCommandPage: Send + Sync + 'static {
    const REFUSAL: &'static str;
}

/// Passes for High Command of the request's agency.
pub struct HighCommand<P: HighCommandPage>(pub Viewer, pub PhantomData<P>);

impl<P: HighCommandPage> std::ops::Deref for HighCommand<P> {
    type Target = Viewer;
    fn deref(&self) -> &Viewer {
        &self.0
    }
}

pub fn require_high_command(viewer: &Viewer, refusal: &str) -> Result<(), AppError> {
    if !viewer.is_authenticated() {
        return Err(AppError::Unauthorized(SIGN_IN_REQUIRED.into()));
    }
    if !viewer.is_high_command {
        return Err(forbidden(refusal));
    }
    Ok(())
}

impl<P: HighCommandPage, S: AccessState> FromRequestParts<S> for HighCommand<P> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        require_high_command(&viewer, P::REFUSAL)?;
        if is_write(parts) {
            require_can_manage(&viewer)?;
        }
        Ok(Self(viewer, PhantomData))
    }
}

/// Passes for any signed-in viewer (401 otherwise); handlers decide the rest.
pub struct Authenticated(pub Viewer);

impl std::ops::Deref for Authenticated {
    type Target = Viewer;
    fn deref(&self) -> &Viewer {
        &self.0
    }
}

impl<S: AccessState> FromRequestParts<S> for Authenticated {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        if !viewer.is_authenticated() {
            return Err(AppError::Unauthorized(SIGN_IN_REQUIRED.into()));
        }
        Ok(Self(viewer))
    }
}

pub const TOKEN_REQUIRED: &str =
    "This request is for the game server: send it with an agency API token (Authorization: Bearer …).";

/// Passes for a request made with an agency API token as the agency's own service (its scope
/// was checked before any route ran: `access::tokens`).
pub struct ApiService(pub Viewer);

impl<S: AccessState> FromRequestParts<S> for ApiService {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        if !viewer.is_service() {
            return Err(AppError::Unauthorized(TOKEN_REQUIRED.into()));
        }
        Ok(Self(viewer))
    }
}

pub const ROOT_ONLY: &str = "This page is only available from the root agency administration site.";
pub const AGENCIES_REFUSAL: &str =
    "You need High Command access on the root agency to manage agencies.";

/// Passes for High Command of the root agency, reached through the root agency.
pub struct RootHighCommand(pub Viewer);

impl std::ops::Deref for RootHighCommand {
    type Target = Viewer;
    fn deref(&self) -> &Viewer {
        &self.0
    }
}

impl<S: AccessState> FromRequestParts<S> for RootHighCommand {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        if viewer.agency.slug != ROOT_SLUG {
            return Err(forbidden(ROOT_ONLY));
        }
        require_high_command(&viewer, AGENCIES_REFUSAL)?;
        if is_write(parts) {
            require_can_manage(&viewer)?;
        }
        Ok(Self(viewer))
    }
}

macro_rules! nav_items {
    ($($name:ident => $id:literal $(, filing $filing:literal)?);* $(;)?) => {
        /// Marker types of the navigation items that guard routes.
        pub mod nav_item {
            $(
                pub struct $name;
                impl super::NavItem for $name {
                    const ID: &'static str = $id;
                    $(const MANAGEMENT: bool = !$filing;)?
                }
            )*
        }
    };
}

nav_items! {
    Roster => "roster";
    DepartmentManagement => "command_department_management";
    Logs => "command_logs";
    Analytics => "command_analytics";
    PenalCodes => "command_penal_codes";
    Discord => "command_discord";
    Qualifications => "command_qualifications";
    Leave => "supervisor_leave";
    Duty => "supervisor_duty";
    Applications => "supervisor_applications";
    Recruitment => "command_recruitment";
    ApiTokens => "command_api_tokens";
    Alerts => "command_alerts";
    Vehicles => "structure_vehicles";
    VehicleManagement => "command_vehicle_permissions";
    Equipment => "structure_equipment";
    EquipmentManagement => "command_equipment_management";
    Uniforms => "structure_uniforms";
    UniformManagement => "command_uniform_management";
    Sops => "sops";
    SopManagement => "command_sops";
    // Filing a report is what every member does, on leave too: not management.
    UseOfForceReport => "reports_use_of_force_report", filing true;
    UseOfForceReview => "supervisor_uof_review";
    ArrestReport => "reports_arrest_report", filing true;
    ArrestReview => "supervisor_arrest_review";
    TicketReport => "reports_ticket_report", filing true;
    Training => "fto_training";
    TrainingManagement => "fto_training_management";
}

/// Refuses with 401 or 403 unless `viewer` may see at least one of `nav_ids` (a resource
/// several pages read, such as the penal code catalogue).
pub async fn require_any_nav(viewer: &Viewer, nav_ids: &[&str]) -> Result<(), AppError> {
    let mut refusal = None;
    for nav_id in nav_ids {
        match require_nav(viewer, nav_id).await {
            Ok(()) => return Ok(()),
            Err(err) => refusal = Some(err),
        }
    }
    Err(refusal.unwrap_or_else(|| forbidden(NO_PERMISSION)))
}

/// High Command pages.
pub mod page {
    pub struct Permissions;
    impl super::HighCommandPage for Permissions {
        const REFUSAL: &'static str = "You must be part of High Command to manage permissions.";
    }
    pub struct Branding;
    impl super::HighCommandPage for Branding {
        const REFUSAL: &'static str = "You need High Command access to modify agency branding.";
    }
    pub struct DiscordSettings;
    impl super::HighCommandPage for DiscordSettings {
        const REFUSAL: &'static str =
            "You must be part of High Command to change the agency's Discord server or bot.";
    }
    pub struct CommandScope;
    impl super::HighCommandPage for CommandScope {
        const REFUSAL: &'static str =
            "Only High Command decides which levels command their own department only.";
    }
    pub struct DutySettings;
    impl super::HighCommandPage for DutySettings {
        const REFUSAL: &'static str =
            "You must be part of High Command to change when shifts close and members count as inactive.";
    }
    pub struct AuditSettings;
    impl super::HighCommandPage for AuditSettings {
        const REFUSAL: &'static str =
            "You must be part of High Command to change how long changes are kept.";
    }
}

pub const CANNOT_MANAGE: &str = "You do not have permission to manage the roster.";

/// Roster management is for levels in the agency's `rosterManageLevels` (member-portal §6):
/// adding and editing people, and what command writes about them (qualifications by hand, the
/// personnel file).
pub fn require_roster_manager(viewer: &Viewer) -> Result<(), AppError> {
    let allowed = viewer
        .level
        .as_ref()
        .is_some_and(|level| viewer.agency.flags.roster_manage_levels.contains(level));
    if allowed {
        Ok(())
    } else {
        Err(forbidden(CANNOT_MANAGE))
    }
}
