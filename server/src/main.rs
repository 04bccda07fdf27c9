//! `portal`: serve · migrate · agency create/list · seed-demo · openapi.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use portal::{
    config::Config,
    demo,
    features::agencies::model::AgencyDraft,
    media::MediaStore,
    startup,
    state::{App, AppState},
    telemetry,
    tenancy::{migrate, registry},
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
}

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
