//! `discord-standin`: the Discord stand-in as a process, for the browser tests.
//!
//! Usage: `discord-standin --port 0 --account ID:username[:role,role] [--outsider ID:username]…`
//! Prints `listening on http://127.0.0.1:PORT` once ready.

// Some helpers of the stand-in are used only by the in-process integration tests.
#[allow(dead_code)]
mod standin;

use standin::{Account, Standin};

fn account(spec: &str, member: bool) -> Account {
    let mut parts = spec.splitn(3, ':');
    let id = parts.next().unwrap_or_default();
    let name = parts.next().unwrap_or(id);
    let roles: Vec<&str> =
        parts.next().map(|r| r.split(',').filter(|s| !s.is_empty()).collect()).unwrap_or_default();
    // Every account has an avatar, served by the stand-in's image service.
    if member {
        Account::member(id, name, &roles).with_avatar()
    } else {
        Account::outsider(id, name).with_avatar()
    }
}

#[tokio::main]
async fn main() {
    let mut port = 0u16;
    let mut accounts = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--port" => port = args.next().and_then(|p| p.parse().ok()).expect("--port NUMBER"),
            "--account" => accounts.push(account(&args.next().expect("--account ID:name"), true)),
            "--outsider" => {
                accounts.push(account(&args.next().expect("--outsider ID:name"), false))
            }
            other => panic!("unknown argument {other}"),
        }
    }
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.expect("bind");
    println!("listening on http://{}", listener.local_addr().expect("address"));
    // The demo agencies' Discord roles (`portal::demo_discord`), so the Discord screen names them.
    Standin::new(accounts, portal::demo_discord::guild_roles()).serve(listener).await;
}
