//! Demo organisation for `portal seed-demo`: departments with ranks (and PNG insignia),
//! sub-departments, roles, callsign pools and a roster of 64 people per demo agency, with
//! varied statuses, dates and callsigns, so paging, filters and sorting show at once.

use crate::tenancy::pools::AgencyConnection;
use crate::tenancy::pools::TenantDb;
use chrono::{Duration, Utc};
use sqlx::types::Json;

use crate::{features::callsigns::model::Pool, media::MediaStore, tenancy::Agency};

/// Insignia images shipped with the demo, stored as `demo-<name>.png`.
const INSIGNIA: [(&str, &[u8]); 12] = [
    ("deputy", include_bytes!("../demo-assets/insignia/deputy.png")),
    ("senior-deputy", include_bytes!("../demo-assets/insignia/senior-deputy.png")),
    ("corporal", include_bytes!("../demo-assets/insignia/corporal.png")),
    ("sergeant", include_bytes!("../demo-assets/insignia/sergeant.png")),
    ("staff-sergeant", include_bytes!("../demo-assets/insignia/staff-sergeant.png")),
    ("master-sergeant", include_bytes!("../demo-assets/insignia/master-sergeant.png")),
    ("lieutenant", include_bytes!("../demo-assets/insignia/lieutenant.png")),
    ("captain", include_bytes!("../demo-assets/insignia/captain.png")),
    ("major", include_bytes!("../demo-assets/insignia/major.png")),
    ("commander", include_bytes!("../demo-assets/insignia/commander.png")),
    ("chief", include_bytes!("../demo-assets/insignia/chief.png")),
    ("colonel", include_bytes!("../demo-assets/insignia/colonel.png")),
];

/// (rank name, level, insignia, callsign prefix, pool start, pool end, weight in the roster)
type RankSpec = (&'static str, &'static str, &'static str, &'static str, i64, i64, u32);

struct DeptSpec {
    id: &'static str,
    name: &'static str,
    subs: &'static [&'static str],
    roles: &'static [&'static str],
    ranks: &'static [RankSpec],
}

fn departments(slug: &str) -> &'static [DeptSpec] {
    match slug {
        "bcso" => &[
            DeptSpec {
                id: "patrol",
                name: "Patrol Division",
                subs: &["K9 Unit", "Traffic Enforcement", "Air Support"],
                roles: &["Field Training Officer", "Dispatch"],
                ranks: &[
                    ("Probationary Deputy", "deputy", "deputy", "P", 100, 149, 6),
                    ("Deputy", "deputy", "senior-deputy", "B", 100, 199, 12),
                    ("Corporal", "supervisor", "corporal", "B", 200, 229, 4),
                    ("Sergeant", "supervisor", "sergeant", "S", 10, 39, 3),
                    ("Lieutenant", "command", "lieutenant", "L", 10, 19, 2),
                ],
            },
            DeptSpec {
                id: "marine",
                name: "Marine Unit",
                subs: &["Dive Team"],
                roles: &["Boat Instructor"],
                ranks: &[
                    ("Marine Deputy", "deputy", "deputy", "M", 100, 149, 5),
                    ("Marine Sergeant", "supervisor", "sergeant", "M", 10, 29, 1),
                ],
            },
            DeptSpec {
                id: "investigations",
                name: "Criminal Investigations",
                subs: &["Narcotics", "Homicide"],
                roles: &["Evidence Custodian"],
                ranks: &[
                    ("Detective", "deputy", "senior-deputy", "D", 100, 149, 4),
                    ("Detective Sergeant", "supervisor", "staff-sergeant", "D", 10, 29, 1),
                    ("Captain", "command", "captain", "C", 10, 19, 1),
                ],
            },
        ],
        "lspd" => &[
            DeptSpec {
                id: "mission-row",
                name: "Mission Row Patrol",
                subs: &["Bike Patrol", "Gang Unit"],
                roles: &["Field Training Officer", "Dispatch"],
                ranks: &[
                    ("Cadet", "deputy", "deputy", "", 100, 149, 5),
                    ("Officer", "deputy", "senior-deputy", "", 150, 299, 14),
                    ("Senior Officer", "deputy", "corporal", "", 300, 349, 5),
                    ("Sergeant", "supervisor", "sergeant", "", 400, 449, 3),
                    ("Lieutenant", "command", "lieutenant", "", 500, 519, 2),
                ],
            },
            DeptSpec {
                id: "vespucci",
                name: "Vespucci Division",
                subs: &["Beach Patrol"],
                roles: &["Field Training Officer"],
                ranks: &[
                    ("Vespucci Officer", "deputy", "senior-deputy", "V", 100, 199, 6),
                    ("Vespucci Sergeant", "supervisor", "staff-sergeant", "V", 10, 29, 2),
                ],
            },
            DeptSpec {
                id: "swat",
                name: "Special Weapons and Tactics",
                subs: &["Entry Team", "Marksmen"],
                roles: &["Tactical Instructor"],
                ranks: &[
                    ("SWAT Operator", "deputy", "master-sergeant", "T", 10, 49, 3),
                    ("SWAT Commander", "command", "commander", "T", 1, 9, 1),
                ],
            },
        ],
        _ => &[
            DeptSpec {
                id: "patrol",
                name: "Patrol Division",
                subs: &["Highway Patrol", "K9 Unit"],
                roles: &["Field Training Officer", "Dispatch"],
                ranks: &[
                    ("Recruit", "deputy", "deputy", "R", 100, 149, 6),
                    ("Deputy", "deputy", "senior-deputy", "A", 100, 199, 14),
                    ("Sergeant", "supervisor", "sergeant", "S", 10, 39, 4),
                    ("Lieutenant", "command", "lieutenant", "L", 10, 19, 2),
                ],
            },
            DeptSpec {
                id: "detectives",
                name: "Detective Bureau",
                subs: &["Fraud", "Major Crimes"],
                roles: &["Evidence Custodian"],
                ranks: &[
                    ("Detective", "deputy", "senior-deputy", "D", 100, 149, 6),
                    ("Detective Sergeant", "supervisor", "staff-sergeant", "D", 10, 29, 2),
                    ("Major", "command", "major", "MJ", 1, 9, 1),
                ],
            },
            DeptSpec {
                id: "training",
                name: "Training Academy",
                subs: &[],
                roles: &["Trainer", "Field Training Officer"],
                ranks: &[
                    ("Instructor", "supervisor", "corporal", "I", 10, 39, 4),
                    ("Academy Director", "command", "colonel", "AD", 1, 3, 1),
                ],
            },
        ],
    }
}

const FIRST: [&str; 24] = [
    "Avery", "Blake", "Cameron", "Dakota", "Elliot", "Finley", "Gray", "Harper", "Indy", "Jesse",
    "Kai", "Logan", "Micah", "Noel", "Oakley", "Parker", "Quinn", "Reese", "Sawyer", "Tatum",
    "Umar", "Val", "Wren", "Zion",
];
const LAST: [&str; 20] = [
    "Alvarez", "Bishop", "Castillo", "Dawson", "Ellis", "Fischer", "Garrett", "Hughes", "Ibarra",
    "Jensen", "Kowalski", "Lambert", "Moreno", "Novak", "Ortega", "Patel", "Ramsey", "Sutton",
    "Torres", "Vance",
];
const REGIONS: [&str; 5] =
    ["Los Santos", "Blaine County", "Paleto Bay", "Sandy Shores", "Vespucci"];
pub const DEMO_PEOPLE: usize = 64;

/// A rank people can be put on, with what is still free in it.
struct Slot {
    department: String,
    rank: String,
    callsigns: Vec<String>,
    subs: Vec<String>,
    roles: Vec<String>,
    weight: u32,
}

/// Inserts the named parts of department `dept` (its sub-departments or its roles) into
/// `table` in order, with the ids `{dept}-{kind}-{n}`; answers the ids.
async fn insert_parts(
    conn: &mut AgencyConnection,
    table: &str,
    kind: &str,
    dept: &str,
    names: &[&str],
) -> sqlx::Result<Vec<String>> {
    let sql =
        format!("INSERT INTO {table} (id, department_id, name, position) VALUES ($1, $2, $3, $4)");
    let mut ids = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let id = format!("{dept}-{kind}-{}", i + 1);
        sqlx::query(&sql)
            .bind(&id)
            .bind(dept)
            .bind(name)
            .bind(i as i32)
            .execute(&mut *conn)
            .await?;
        ids.push(id);
    }
    Ok(ids)
}

/// Seeds the demo organisation once (when its first department does not exist yet).
pub async fn seed(db: &TenantDb, media: &MediaStore, agency: &Agency) -> anyhow::Result<()> {
    let specs = departments(&agency.slug);
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM departments WHERE id = $1)")
            .bind(specs[0].id)
            .fetch_one(db)
            .await?;
    if exists {
        return Ok(());
    }
    for (name, bytes) in INSIGNIA {
        media.put(&format!("insignia/demo-{name}.png"), bytes::Bytes::from_static(bytes)).await?;
    }
    let levels: Vec<&str> = agency.flags.levels.iter().map(|l| l.id.as_str()).collect();
    let mut tx = db.begin().await?;
    let mut slots: Vec<Slot> = Vec::new();
    for (d_pos, dept) in specs.iter().enumerate() {
        sqlx::query("INSERT INTO departments (id, name, position) VALUES ($1, $2, $3)")
            .bind(dept.id)
            .bind(dept.name)
            .bind(d_pos as i32 + 1)
            .execute(&mut *tx)
            .await?;
        let subs = insert_parts(&mut tx, "sub_departments", "sub", dept.id, dept.subs).await?;
        let roles = insert_parts(&mut tx, "department_roles", "role", dept.id, dept.roles).await?;
        // Highest rank first, as command staff read a rank list.
        for (r_pos, (name, level, insignia, prefix, start, end, weight)) in
            dept.ranks.iter().rev().enumerate()
        {
            let level = if levels.contains(level) { *level } else { levels[0] };
            let id = format!("{}-rank-{}", dept.id, dept.ranks.len() - r_pos);
            sqlx::query(
                "INSERT INTO ranks (id, department_id, name, level, insignia, position) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&id)
            .bind(dept.id)
            .bind(name)
            .bind(level)
            .bind(format!("demo-{insignia}.png"))
            .bind(r_pos as i32)
            .execute(&mut *tx)
            .await?;
            let pool = Pool {
                kind: "numeric".into(),
                prefix: prefix.to_string(),
                start: *start,
                end: *end,
            };
            sqlx::query("INSERT INTO callsign_pools (rank_name, pools) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(name)
                .bind(Json(vec![pool.clone()]))
                .execute(&mut *tx)
                .await?;
            let free: Vec<String> =
                crate::features::callsigns::model::pool_callsigns(std::slice::from_ref(&pool))
                    .collect();
            slots.push(Slot {
                department: dept.id.to_string(),
                rank: id,
                callsigns: free,
                subs: subs.clone(),
                roles: roles.clone(),
                weight: *weight,
            });
        }
    }

    let total_weight: u32 = slots.iter().map(|s| s.weight).sum();
    let today = Utc::now().date_naive();
    let mut used: Vec<String> = Vec::new();
    for i in 0..DEMO_PEOPLE {
        // Walk the weighted slots deterministically so every rank gets people.
        let mut pick = (i as u32 * 7919) % total_weight;
        let slot = slots
            .iter_mut()
            .find(|s| {
                if pick < s.weight {
                    true
                } else {
                    pick -= s.weight;
                    false
                }
            })
            .expect("weights cover the range");
        let name =
            format!("{} {}", FIRST[i % FIRST.len()], LAST[(i * 7 + i / FIRST.len()) % LAST.len()]);
        let callsign = slot.callsigns.iter().find(|c| !used.contains(c)).cloned();
        if let Some(c) = &callsign {
            used.push(c.clone());
        }
        let status = match i {
            i if i % 17 == 5 => "Suspended",
            i if i % 11 == 3 => "LOA",
            i if i % 7 == 6 => "Inactive",
            _ => "Active",
        };
        let hired = today - Duration::days(20 + (i as i64 * 53) % 1100);
        let promoted =
            hired + Duration::days(((i as i64 * 31) % 400).min((today - hired).num_days()));
        let sub = if !slot.subs.is_empty() && i % 3 == 0 {
            Some(slot.subs[i % slot.subs.len()].clone())
        } else {
            None
        };
        let roles: Vec<String> = if !slot.roles.is_empty() && i % 5 == 0 {
            vec![slot.roles[i % slot.roles.len()].clone()]
        } else {
            vec![]
        };
        sqlx::query(
            "INSERT INTO roster (name, callsign, region, status, department_id, rank_id, sub_dept_id, roles,
                                 hire_date, rank_change_date)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&name)
        .bind(&callsign)
        .bind(REGIONS[i % REGIONS.len()])
        .bind(status)
        .bind(&slot.department)
        .bind(&slot.rank)
        .bind(sub)
        .bind(&roles)
        .bind(hired)
        .bind(promoted)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
