//! `portal`: serve · migrate · agency create/list · seed-demo · openapi.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use portal::{
    config::Config,
    demo,
    features::agencies::model::AgencyDraft,
    media::MediaStore,
    shared::bundle::{
        self,
        import::{ImportDeps, ImportOptions},
        ExportOptions,
    },
    startup,
    state::{App, AppState},
    telemetry,
    tenancy::{migrate, pools::server_options, registry},
};
use tokio::net::TcpListener;

#[derive(Parser)]
#[command(name = "portal", version, about = "Agency Portal server")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate, then serve the portal on PORTAL_BIND.
    Serve,
    /// Migrate the control schema, then every agency schema.
    Migrate,
    /// Manage agencies.
    Agency {
        #[command(subcommand)]
        command: AgencyCommand,
    },
    /// Create the demo agencies (idempotent).
    SeedDemo,
    /// Print the OpenAPI description (needs no database).
    Openapi,
}

#[derive(Subcommand)]
enum AgencyCommand {
    /// Provision a new agency: registry row, role, schema, migrations and defaults.
    Create {
        #[arg(long)]
        name: String,
        #[arg(long)]
        slug: Option<String>,
        #[arg(long)]
        domain: Option<String>,
        #[arg(long = "short-name")]
        short_name: Option<String>,
        #[arg(long)]
        description: Option<String>,
        /// Put the agency's schema on another Postgres server.
        #[arg(long = "database-url")]
        database_url: Option<String>,
    },
    /// List every agency, hidden ones included.
    List,
    /// Write an agency's bundle (tables, registry row, media) to a file. With
    /// PORTAL_BUNDLE_PASSPHRASE set, its secrets come too, encrypted with that passphrase.
    Export {
        slug: String,
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Create an agency from a bundle (all or nothing). PORTAL_BUNDLE_PASSPHRASE opens the
    /// bundle's secrets.
    Import {
        file: std::path::PathBuf,
        /// Another slug than the bundle's.
        #[arg(long)]
        slug: Option<String>,
        /// Put the agency's schema on another Postgres server.
        #[arg(long = "database-url")]
        database_url: Option<String>,
    },
    /// Move an agency to another Postgres server (writes pause for the copy).
    Move {
        slug: String,
        #[arg(long = "database-url")]
        database_url: String,
    },
    /// Back an agency up to the media store now (as the scheduled backups do).
    Backup { slug: String },
}

/// mimalloc instead of the system's malloc: glibc's took about a sixth of the serving
/// process's CPU under load (`perf`, issue 29), most of it in its arena locks and
/// consolidation between the runtime's two worker threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Openapi = cli.command {
        match serde_json::to_string_pretty(&portal::router::openapi()) {
            Ok(json) => {
                println!("{json}");
                return ExitCode::SUCCESS;
            }
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::FAILURE;
            }
        }
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("configuration error: {err}");
            return ExitCode::from(2);
        }
    };
    telemetry::init(config.log_format);
    match run(cli.command, config).await {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command, config: Config) -> anyhow::Result<ExitCode> {
    let media = MediaStore::open(&config.media)?;
    let state = AppState(std::sync::Arc::new(App::new(
        config,
        migrate::tenant_migrator(),
        media,
        portal::features::seeders(),
    )?));
    match command {
        Command::Openapi => unreachable!("handled before configuration"),
        Command::Serve => {
            report_migrations(&startup::prepare(&state).await?);
            let listener = TcpListener::bind(state.config.bind)
                .await
                .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", state.config.bind))?;
            tracing::info!(address = %state.config.bind, public_url = %state.config.public_url, "portal listening");
            startup::serve(state, listener).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Migrate => {
            let failed = report_migrations(&startup::prepare(&state).await?);
            Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        Command::SeedDemo => {
            startup::prepare(&state).await?;
            let created = demo::seed(&state).await?;
            if created.is_empty() {
                println!("demo agencies already present");
            } else {
                println!("created demo agencies: {}", created.join(", "));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Agency { command: AgencyCommand::List } => {
            migrate::migrate_control(&state.control).await?;
            println!(
                "{:<6} {:<24} {:<32} {:<28} {:<8} SCHEMA",
                "ID", "SLUG", "NAME", "DOMAIN", "HIDDEN"
            );
            for a in registry::fetch_all(&state.control).await? {
                println!(
                    "{:<6} {:<24} {:<32} {:<28} {:<8} {} (v{})",
                    a.id,
                    a.slug,
                    a.name,
                    a.domain.as_deref().unwrap_or("-"),
                    a.flags.hidden,
                    a.schema_name,
                    a.schema_version
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Agency {
            command:
                command @ (AgencyCommand::Export { .. }
                | AgencyCommand::Import { .. }
                | AgencyCommand::Move { .. }
                | AgencyCommand::Backup { .. }),
        } => bundle_command(&state, command).await,
        Command::Agency {
            command:
                AgencyCommand::Create { name, slug, domain, short_name, description, database_url },
        } => {
            startup::prepare(&state).await?;
            let draft =
                AgencyDraft { name, slug, domain, short_name, description, ..Default::default() };
            let mut new = match draft.validate() {
                Ok(new) => new,
                Err(message) => {
                    eprintln!("error: {message}");
                    return Ok(ExitCode::from(2));
                }
            };
            new.database_url = database_url;
            match state.provisioner.provision(new).await {
                Ok(agency) => {
                    println!(
                        "created agency '{}' ({}) in schema {}",
                        agency.slug, agency.name, agency.schema_name
                    );
                    Ok(ExitCode::SUCCESS)
                }
                Err(err) => {
                    eprintln!("error: {err}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
    }
}

/// Progress on standard error, one line rewritten in place.
fn progress_line(label: &'static str) -> bundle::Progress {
    let started = std::time::Instant::now();
    std::sync::Arc::new(move |step: &bundle::Step| {
        let secs = started.elapsed().as_secs_f64().max(0.001);
        eprint!(
            "\r\x1b[K{label}: {} rows, {:.1} MB ({:.0} rows/s, {:.1} MB/s) {}",
            step.rows,
            step.bytes as f64 / 1e6,
            step.rows as f64 / secs,
            step.bytes as f64 / 1e6 / secs,
            step.what
        );
    })
}

fn passphrase_from_env() -> anyhow::Result<Option<String>> {
    let passphrase = std::env::var("PORTAL_BUNDLE_PASSPHRASE").ok().filter(|p| !p.is_empty());
    match passphrase {
        Some(p) if p.chars().count() < bundle::MIN_PASSPHRASE => {
            anyhow::bail!(bundle::SHORT_PASSPHRASE)
        }
        other => Ok(other),
    }
}

async fn bundle_command(state: &AppState, command: AgencyCommand) -> anyhow::Result<ExitCode> {
    startup::prepare(state).await?;
    match command {
        AgencyCommand::Export { slug, out } => {
            let agency = registry::fetch_by_slug(&state.control, &slug)
                .await?
                .ok_or_else(|| anyhow::anyhow!("Unknown agency '{slug}'"))?;
            let secrets = match passphrase_from_env()? {
                Some(p) => Some((
                    state
                        .config
                        .secrets
                        .clone()
                        .ok_or_else(|| anyhow::anyhow!(portal::secrets::NO_KEY))?,
                    p,
                )),
                None => None,
            };
            let partial = out.with_extension("part");
            let file = tokio::fs::File::create(&partial).await?;
            let source = server_options(&state.provisioner.control, &agency)?;
            let options =
                ExportOptions { media: Some(state.media.clone()), secrets, ..Default::default() };
            let started = std::time::Instant::now();
            let manifest =
                bundle::export(&source, &agency, &options, file, &progress_line("export")).await;
            let manifest = match manifest {
                Ok(m) => m,
                Err(err) => {
                    let _ = tokio::fs::remove_file(&partial).await;
                    return Err(err);
                }
            };
            tokio::fs::rename(&partial, &out).await?;
            let secs = started.elapsed().as_secs_f64().max(0.001);
            let size = tokio::fs::metadata(&out).await?.len();
            eprintln!();
            println!(
                "exported '{}' (schema version {}): {} tables, {} rows, {} media objects, {:.1} MB in {:.2} s ({:.0} rows/s, {:.1} MB/s) to {}",
                agency.slug,
                manifest.schema_version,
                manifest.tables.len(),
                manifest.rows(),
                manifest.media.len(),
                size as f64 / 1e6,
                secs,
                manifest.rows() as f64 / secs,
                manifest.bytes() as f64 / 1e6 / secs,
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        AgencyCommand::Import { file, slug, database_url } => {
            let reader = tokio::fs::File::open(&file)
                .await
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            let deps = ImportDeps {
                provisioner: &state.provisioner,
                media: Some(&state.media),
                secrets: state.config.secrets.as_ref(),
            };
            let options = ImportOptions {
                slug,
                database_url,
                passphrase: passphrase_from_env()?,
                created_by: None,
            };
            let started = std::time::Instant::now();
            match bundle::import(&deps, reader, options, &progress_line("import")).await {
                Ok(done) => {
                    let db = state.pools.get(&done.agency).await?;
                    portal::shared::integrations::refresh_remembered(state, &done.agency, &db)
                        .await;
                    let secs = started.elapsed().as_secs_f64().max(0.001);
                    eprintln!();
                    if done.bundle_domain.is_some() && done.agency.domain.is_none() {
                        println!(
                            "the domain '{}' is used by another agency: left out",
                            done.bundle_domain.as_deref().unwrap_or_default()
                        );
                    }
                    println!(
                        "imported '{}' ({}) in schema {}: schema version {} → {}, {} rows, {} media objects in {:.2} s ({:.0} rows/s, {:.1} MB/s)",
                        done.agency.slug,
                        done.agency.name,
                        done.agency.schema_name,
                        done.manifest.schema_version,
                        done.agency.schema_version,
                        done.manifest.rows(),
                        done.manifest.media.len(),
                        secs,
                        done.manifest.rows() as f64 / secs,
                        done.manifest.bytes() as f64 / 1e6 / secs,
                    );
                    Ok(ExitCode::SUCCESS)
                }
                Err(err) => {
                    eprintln!();
                    eprintln!("error: {err}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        AgencyCommand::Move { slug, database_url } => {
            match bundle::mover::move_agency(state, &slug, &database_url, &progress_line("move"))
                .await
            {
                Ok(report) => {
                    eprintln!();
                    println!(
                        "moved '{slug}' ({} rows, schema version {}) in {:.2} s; writes were paused for {:.3} s",
                        report.rows,
                        report.schema_version,
                        report.total.as_secs_f64(),
                        report.read_only.as_secs_f64()
                    );
                    Ok(ExitCode::SUCCESS)
                }
                Err(err) => {
                    eprintln!();
                    eprintln!("error: {err}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        AgencyCommand::Backup { slug } => {
            let agency = registry::fetch_by_slug(&state.control, &slug)
                .await?
                .ok_or_else(|| anyhow::anyhow!("Unknown agency '{slug}'"))?;
            let keep = bundle::store::backup_settings(&state.control, agency.id)
                .await?
                .map(|s| s.keep)
                .unwrap_or(state.config.backup_keep as i32);
            let made = bundle::backups::back_up(state, &agency, keep, chrono::Utc::now()).await?;
            println!("backed up '{slug}' as {} ({} bytes)", made.name, made.size_bytes);
            Ok(ExitCode::SUCCESS)
        }
        AgencyCommand::Create { .. } | AgencyCommand::List => unreachable!("handled by run"),
    }
}

/// Logs each agency's migration outcome; returns how many failed.
fn report_migrations(outcomes: &[migrate::TenantOutcome]) -> usize {
    let mut failed = 0;
    for outcome in outcomes {
        match &outcome.result {
            Ok(version) => {
                tracing::info!(agency = %outcome.slug, version, "agency schema up to date")
            }
            Err(err) => {
                failed += 1;
                tracing::error!(agency = %outcome.slug, error = %err, "agency migration failed");
            }
        }
    }
    failed
}
