//! Department-scoped command (issue 23): which departments a member may manage. High Command
//! and configured owners manage the whole agency. Below them, a member at one of the agency's
//! scoped levels (`agency_settings.scoped_levels`, none until High Command scopes one) manages
//! only the department their rank sits in, unless they hold a department role that grants
//! agency-wide command. Every route that changes a department's people or structure asks this,
//! and refuses with a sentence that names the department.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::Viewer,
    error::{forbidden, AppError},
};

/// What a member's command reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", tag = "reach")]
pub enum Scope {
    /// Every department.
    Agency,
    /// One department (by id and name).
    Department { id: String, name: String },
}

pub const CREATE_DEPARTMENT: &str = "Only agency-wide command adds departments.";
pub const GRANT_AGENCY_COMMAND: &str =
    "Only High Command decides which roles command the whole agency.";

impl Scope {
    pub fn reaches(&self, department: Option<&str>) -> bool {
        match self {
            Self::Agency => true,
            Self::Department { id, .. } => department == Some(id.as_str()),
        }
    }

    /// Refuses unless every department in `departments` is in reach; `None` stands for "no
    /// department" (a person without one), which only agency-wide command manages.
    pub fn require(&self, departments: &[Option<&str>]) -> Result<(), AppError> {
        match self {
            Self::Agency => Ok(()),
            Self::Department { name, .. } => {
                if departments.iter().all(|d| self.reaches(*d)) {
                    Ok(())
                } else {
                    Err(forbidden(outside(name)))
                }
            }
        }
    }

    pub fn require_agency(&self, refusal: &str) -> Result<(), AppError> {
        match self {
            Self::Agency => Ok(()),
            Self::Department { .. } => Err(forbidden(refusal)),
        }
    }

    /// The department a scoped member manages.
    pub fn department(&self) -> Option<&str> {
        match self {
            Self::Agency => None,
            Self::Department { id, .. } => Some(id),
        }
    }
}

/// The sentence that refuses a change outside `department`.
pub fn outside(department: &str) -> String {
    format!("You manage {department} only; that is another department's to change.")
}

/// The viewer's command scope.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn of(viewer: &Viewer) -> Result<Scope, AppError> {
    if viewer.is_high_command || viewer.is_owner {
        return Ok(Scope::Agency);
    }
    let (Some(level), Some(entry)) = (viewer.level.as_deref(), viewer.roster()) else {
        return Ok(Scope::Agency);
    };
    let (scoped, granted): (bool, bool) = sqlx::query_as(
        "SELECT $1 = ANY(scoped_levels),
                EXISTS (SELECT 1 FROM department_roles WHERE grants_agency_command AND id = ANY($2))
           FROM agency_settings",
    )
    .bind(level)
    .bind(&viewer.roles)
    .fetch_one(viewer.pool())
    .await?;
    if !scoped || granted {
        return Ok(Scope::Agency);
    }
    Ok(Scope::Department {
        id: entry.department_id.clone().unwrap_or_default(),
        name: entry.department_name.clone().unwrap_or_else(|| "your department".into()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_department_scope_reaches_its_own_department_only() {
        let patrol = Scope::Department { id: "patrol".into(), name: "Patrol Division".into() };
        assert!(patrol.require(&[Some("patrol"), Some("patrol")]).is_ok());
        let refused = patrol.require(&[Some("patrol"), Some("marine")]).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "You manage Patrol Division only; that is another department's to change."
        );
        assert!(patrol.require(&[None]).is_err(), "nobody's department is agency-wide command's");
        assert!(patrol.require_agency(CREATE_DEPARTMENT).is_err());
        assert!(Scope::Agency.require(&[Some("marine"), None]).is_ok());
        assert_eq!(patrol.department(), Some("patrol"));
    }
}
