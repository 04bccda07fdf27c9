//! Demo catalogues: vehicles with variants and liveries limited by rank, equipment, uniforms,
//! and SOPs and presentations at different minimum levels, so each demo member sees a
//! different selection. Seeded once per list (while it has never been saved).

use chrono::Utc;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use crate::{access::viewer::Actor, tenancy::pools::TenantDb};

use crate::{
    features::{
        equipment::model::Equipment,
        sops::content::sanitise,
        sops::model::{normalise_documents, Document, Saver},
        sops::store as sops_store,
        uniforms::model::Uniform,
        vehicles::model::Vehicle,
    },
    shared::{
        catalogue::{normalise_all, rank_options, CatalogueItem, RankOption},
        whole_list,
    },
    tenancy::Agency,
};

/// The rank ids at or above `level` in the agency's level order.
fn from_level(ranks: &[RankOption], levels: &[String], level: &str) -> Vec<String> {
    let floor = levels.iter().position(|l| l == level).unwrap_or(0);
    ranks
        .iter()
        .filter(|r| levels.iter().position(|l| *l == r.level).is_some_and(|p| p >= floor))
        .map(|r| r.id.clone())
        .collect()
}

fn items<T: DeserializeOwned>(value: Value) -> anyhow::Result<Vec<T>> {
    Ok(serde_json::from_value(value)?)
}

/// `pursuit`: the id of the qualification the Buffalo requires besides the rank.
fn vehicles(sup: &[String], cmd: &[String], pursuit: &[String]) -> Value {
    json!([
        {"name": "Vapid Stanier Cruiser", "notes": "The patrol workhorse. Fleet cars are checked out at the start of every shift.",
         "allowedRanks": ["All"], "variants": [
            {"name": "Patrol", "liveries": [{"name": "Marked", "rankIds": ["All"]}, {"name": "Ghost (low-visibility)", "rankIds": sup}]},
            {"name": "Interceptor", "liveries": [{"name": "Marked", "rankIds": ["All"]}, {"name": "Traffic", "rankIds": sup}]}]},
        {"name": "Declasse Alamo SUV", "notes": "K9 and rural patrol. Cage fitted in the rear.",
         "allowedRanks": ["All"], "variants": [
            {"name": "K9 Unit", "liveries": [{"name": "Marked K9", "rankIds": ["All"]}]},
            {"name": "Supervisor", "liveries": [{"name": "Supervisor markings", "rankIds": sup}]}]},
        {"name": "Bravado Buffalo STX", "notes": "Pursuit-rated. Supervisors and above who are pursuit drivers.",
         "allowedRanks": sup, "requiredQualifications": pursuit, "variants": [
            {"name": "Pursuit", "liveries": [{"name": "Slicktop", "rankIds": sup}, {"name": "Command", "rankIds": cmd}]}]},
        {"name": "Vapid Scout (unmarked)", "notes": "Command staff transport and investigations.",
         "allowedRanks": cmd, "variants": [
            {"name": "Unmarked", "liveries": [{"name": "Plain black", "rankIds": cmd}]}]},
        {"name": "Maibatsu Sanchez", "notes": "Trail and beach patrol. Request a variant from fleet command.",
         "allowedRanks": ["All"], "variants": []}
    ])
}

fn equipment(sup: &[String], cmd: &[String]) -> Value {
    json!([
        {"name": "Patrol loadout", "notes": "Issued to every sworn member.", "allowedRanks": ["All"], "categories": [
            {"name": "Weapons", "items": ["Service pistol", "Taser X2", "Expandable baton"]},
            {"name": "Gear", "items": ["Radio", "Flashlight", "Handcuffs (2)", "Tourniquet", "Body camera"]}]},
        {"name": "Supervisor kit", "notes": "Carried in every supervisor's vehicle.", "allowedRanks": sup, "categories": [
            {"name": "Weapons", "items": ["Patrol rifle", "Less-lethal shotgun"]},
            {"name": "Scene control", "items": ["Spike strips", "Scene tape", "Evidence markers"]}]},
        {"name": "Command kit", "notes": "For incident command.", "allowedRanks": cmd, "categories": [
            {"name": "Command", "items": ["Incident command binder", "Encrypted radio", "Command vest"]}]}
    ])
}

fn uniforms(sup: &[String]) -> Value {
    json!([
        {"name": "Class B patrol", "notes": "Everyday patrol uniform.", "allowedRanks": ["All"],
         "gear": {"helmet": "None", "eyewear": "Tactical sunglasses (optional)", "uniform": "Tan shirt, green trousers\nDuty belt",
                  "vest": "Outer carrier with agency patch", "notes": "Sleeves down after 18:00."},
         "attachments": ["Name tape", "Agency patch (both sleeves)", "Badge"]},
        {"name": "Class A dress", "notes": "Ceremonies, court and funerals.", "allowedRanks": ["All"],
         "gear": {"helmet": "Campaign hat", "uniform": "Long-sleeve shirt with tie\nDress trousers\nPolished shoes"},
         "attachments": ["Badge", "Ribbon rack", "Tie bar"]},
        {"name": "Tactical", "notes": "Warrants and high-risk calls.", "allowedRanks": sup,
         "gear": {"helmet": "Ballistic helmet", "eyewear": "Clear ballistic glasses", "uniform": "Green BDU",
                  "vest": "Plate carrier", "backpack": "Breaching kit"},
         "attachments": ["Subdued patch", "Callsign velcro"]}
    ])
}

fn documents() -> Value {
    json!([
        {"title": "Use of force", "type": "sop", "minLevel": "deputy",
         "summary": "When and how much force a member may use, and how it is reported.",
         "content": "<h2>1. Purpose</h2><p>Members use only the force that is <strong>objectively reasonable</strong> to control a situation.</p><h2>2. Reporting</h2><p>Every use of force beyond compliant handcuffing is reported on the use-of-force form before the end of the shift.</p><h2>3. Review</h2><p>A supervisor reviews every report and signs it in or out of policy.</p>"},
        {"title": "Vehicle pursuits", "type": "sop", "minLevel": "deputy",
         "summary": "Starting, continuing and ending a pursuit.",
         "content": "<ol><li><p>A pursuit starts only for a violent felony or an immediate danger to the public.</p></li><li><p>The primary unit calls the pursuit; no more than three units follow.</p></li><li><p>A supervisor may end a pursuit at any time; the order is obeyed at once.</p></li></ol>"},
        {"title": "Report review", "type": "sop", "minLevel": "supervisor",
         "summary": "How supervisors review arrest and use-of-force reports.",
         "content": "<p>Open pending reports daily. Approve and sign reports that are complete and in policy; return the others with notes the officer can act on.</p><table><tbody><tr><th><p>Report</p></th><th><p>Reviewed within</p></th></tr><tr><td><p>Arrest</p></td><td><p>24 hours</p></td></tr><tr><td><p>Use of force</p></td><td><p>48 hours</p></td></tr></tbody></table>"},
        {"title": "Academy orientation", "type": "presentation", "minLevel": "deputy",
         "summary": "The first-day briefing for new members.",
         "content": "<h2>Welcome to the department</h2><ul><li><p>Chain of command</p></li><li><p>Radio codes</p></li><li><p>Field training programme</p></li><li><p>Where to find <a href=\"/sops\">SOPs</a></p></li></ul>"},
        {"title": "Command staff briefing", "type": "presentation", "minLevel": "command",
         "summary": "Quarterly priorities and staffing.",
         "content": "<p><strong>Staffing:</strong> two academy classes this quarter.<br><strong>Priorities:</strong> traffic safety on Route 68, pursuit reduction.<br><strong>Budget:</strong> fleet replacement of five cruisers.</p>"},
        {"title": "Internal investigations", "type": "sop", "minLevel": "high_command",
         "summary": "Handling complaints against members.",
         "content": "<p>Complaints are logged by High Command only. The member is notified in writing within seven days unless notice would compromise the investigation.</p>"}
    ])
}

/// The demo's later versions: (title, content) published by Command after the first.
const REVISIONS: [(&str, &str); 2] = [
    ("Use of force", "<h2>1. Purpose</h2><p>Members use only the force that is <strong>objectively reasonable</strong> and <em>proportionate</em> to control a situation, and de-escalate whenever it is safe to.</p><h2>2. Reporting</h2><p>Every use of force beyond compliant handcuffing is reported on the use-of-force form before the end of the shift.</p><h2>3. Review</h2><p>A supervisor reviews every report within 48 hours and signs it in or out of policy.</p>"),
    ("Vehicle pursuits", "<ol><li><p>A pursuit starts only for a violent felony or an immediate danger to the public.</p></li><li><p>The primary unit calls the pursuit; no more than two units follow, and air support takes over when it is up.</p></li><li><p>A supervisor may end a pursuit at any time; the order is obeyed at once.</p></li></ol>"),
];

/// A draft the demo leaves unpublished: (title, content).
const UNPUBLISHED: (&str, &str) = ("Vehicle pursuits", "<ol><li><p>A pursuit starts only for a violent felony or an immediate danger to the public.</p></li><li><p>The primary unit calls the pursuit; no more than two units follow, and air support takes over when it is up.</p></li><li><p>A supervisor may end a pursuit at any time; the order is obeyed at once.</p></li><li><p>Spike strips are laid by trained units only.</p></li></ol>");

async fn seed_list<T: CatalogueItem>(
    db: &TenantDb,
    raw: Value,
    ranks: &[RankOption],
    departments: &[String],
    qualifications: &[String],
) -> anyhow::Result<()> {
    let list: whole_list::Versioned<T> = whole_list::load(db, T::LIST).await?;
    if list.version > 0 {
        return Ok(());
    }
    let items = normalise_all(items::<T>(raw)?, ranks, departments, qualifications)
        .map_err(anyhow::Error::msg)?;
    let mut tx = db.begin().await?;
    whole_list::replace(&mut tx, T::LIST, &items, 0, &Actor::system("Demo data"))
        .await
        .map_err(anyhow::Error::msg)?;
    tx.commit().await?;
    Ok(())
}

/// Seeds the demo catalogues of `agency` where they were never saved.
pub async fn seed(db: &TenantDb, agency: &Agency) -> anyhow::Result<()> {
    let ranks = rank_options(db).await?;
    let levels: Vec<String> = agency.flags.levels.iter().map(|l| l.id.clone()).collect();
    let sup = from_level(&ranks, &levels, "supervisor");
    let cmd = from_level(&ranks, &levels, "command");
    let pursuit: Vec<String> =
        sqlx::query_scalar("SELECT id::text FROM qualifications WHERE name = $1")
            .bind(crate::demo_personnel::PURSUIT_DRIVER)
            .fetch_all(db)
            .await?;
    seed_list::<Vehicle>(db, vehicles(&sup, &cmd, &pursuit), &ranks, &[], &pursuit).await?;
    seed_list::<Equipment>(db, equipment(&sup, &cmd), &ranks, &[], &[]).await?;
    seed_list::<Uniform>(db, uniforms(&sup), &ranks, &[], &[]).await?;

    let stored: whole_list::Versioned<Document> =
        whole_list::load(db, crate::features::sops::store::LIST).await?;
    if stored.version == 0 {
        let top = levels.last().map(String::as_str);
        let saver = Saver { levels: &levels, level: top };
        // Levels an agency does not have fall back to its lowest (renamed-level agencies).
        let drafts: Vec<Document> = items::<Document>(documents())?
            .into_iter()
            .map(|d| Document {
                min_level: if levels.contains(&d.min_level) { d.min_level } else { String::new() },
                ..d
            })
            .collect();
        let docs =
            normalise_documents(drafts, &[], &saver, Utc::now()).map_err(anyhow::Error::msg)?;
        let mut tx = db.begin().await?;
        let first = Actor::system("Sheriff J. Hale");
        let saved = whole_list::replace(&mut tx, sops_store::LIST, &docs, 0, &first)
            .await
            .map_err(anyhow::Error::msg)?;
        sops_store::record_list_save(&mut tx, &[], &docs, &first).await?;
        // A second version of two documents, by someone else, and a draft not yet published.
        let revised: Vec<Document> = docs
            .iter()
            .map(|d| match REVISIONS.iter().find(|(title, _)| *title == d.title) {
                Some((_, content)) => Document { content: sanitise(content), ..d.clone() },
                None => d.clone(),
            })
            .collect();
        let second = Actor::system("Capt. R. Moreno");
        whole_list::replace(&mut tx, sops_store::LIST, &revised, saved.version, &second)
            .await
            .map_err(anyhow::Error::msg)?;
        sops_store::record_list_save(&mut tx, &docs, &revised, &second).await?;
        if let Some(d) = revised.iter().find(|d| d.title == UNPUBLISHED.0) {
            sops_store::lock_draft(&mut tx, &d.id, &d.content).await?;
            sops_store::save_draft(&mut tx, &d.id, &sanitise(UNPUBLISHED.1), &second).await?;
        }
        tx.commit().await?;
    }
    Ok(())
}
