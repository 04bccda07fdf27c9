//! Logs through tracing: human-readable by default, JSON with `PORTAL_LOG_FORMAT=json`;
//! levels from `RUST_LOG` (default `info`).

use tracing_subscriber::{fmt, prelude::*, EnvFilter};

use crate::config::LogFormat;

pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let registry = tracing_subscriber::registry().with(filter);
    let result = match format {
        LogFormat::Text => registry.with(fmt::layer()).try_init(),
        LogFormat::Json => registry.with(fmt::layer().json().flatten_event(true)).try_init(),
    };
    // A second initialisation (tests) keeps the first subscriber.
    let _ = result;
}
