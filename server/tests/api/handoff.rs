//! Signing in on an agency's own domain (issue 12): the hand-off round trip through the
//! public host and the Discord stand-in, switching agencies without a new Discord round trip,
//! logout per host, and every way a hand-off must give nothing.

use std::net::SocketAddr;

use portal::{
    identity::handoff::{self, HANDOFF_FAILED},
    tenancy::provision::NewAgency,
};
use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    access::CROSS_SITE,
    helpers::{json, location, session_cookie, spawn_app, spawn_app_with, Options, TestApp},
};

const BCSO_HC: &str = "100000000000000701";
const LSPD_DEPUTY: &str = "100000000000000702";

struct Hosts {
    app: TestApp,
    port: u16,
}

impl Hosts {
    /// `http://{name}:{port}{path}`: the portal under another name (`*.localhost` resolves
    /// to this machine).
    fn at(&self, name: &str, path: &str) -> String {
        format!("http://{name}:{}{path}", self.port)
    }

    fn public(&self, path: &str) -> String {
        self.app.url(path)
    }

    /// A browser that reaches the portal under every test name, keeping one cookie jar per
    /// host as a browser does.
    fn browser(&self) -> Client {
        let addr = SocketAddr::from(([127, 0, 0, 1], self.port));
        Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .resolve("bcso.localhost", addr)
            .resolve("lspd.localhost", addr)
            .resolve("rebound.localhost", addr)
            .build()
            .unwrap()
    }
}

/// Creates agency `slug` with the domain `{slug}.localhost`.
async fn domain_agency(app: &TestApp, slug: &str, name: &str) {
    app.create_agency_with(NewAgency {
        slug: slug.into(),
        name: name.into(),
        domain: Some(format!("{slug}.localhost")),
        flags: json!({}),
        theme: json!({}),
        links: json!({}),
        ..Default::default()
    })
    .await;
}

impl Hosts {
    fn of(app: TestApp) -> Self {
        let port = url::Url::parse(&app.address).unwrap().port().unwrap();
        Self { app, port }
    }
}

async fn hosts() -> Hosts {
    let app = spawn_app().await;
    domain_agency(&app, "bcso", "Blaine County Sheriff's Office").await;
    domain_agency(&app, "lspd", "Los Santos PD").await;
    app.add_member("bcso", BCSO_HC, "Hana Command", "high_command").await;
    app.add_member("lspd", LSPD_DEPUTY, "Lou Deputy", "deputy").await;
    Hosts::of(app)
}

async fn get(browser: &Client, url: &str) -> reqwest::Response {
    browser.get(url).send().await.unwrap()
}

/// Follows one redirect, checking it goes where `expected` starts.
async fn follow(
    browser: &Client,
    response: reqwest::Response,
    expected: &str,
) -> reqwest::Response {
    assert_eq!(response.status(), 303, "{}", response.text().await.unwrap());
    let to = location(&response);
    assert!(to.starts_with(expected), "{to} should start with {expected}");
    get(browser, &to).await
}

/// Who the portal says is signed in on `url`'s host.
async fn signed_in_as(browser: &Client, url: &str) -> Option<String> {
    let me = json(get(browser, url).await, 200).await;
    me["user"]["id"].as_str().map(str::to_owned)
}

/// Signs in from `host`'s `path` through the public host and the stand-in as `discord_id`;
/// answers the hand-off address the callback sends the browser to (not yet visited).
async fn sign_in_from(h: &Hosts, browser: &Client, host: &str, path: &str, who: &str) -> String {
    let start = get(browser, &h.at(host, &format!("/auth/discord?returnTo={path}"))).await;
    let at_public = format!("{}?returnTo=", h.public("/auth/discord"));
    let public = follow(browser, start, &at_public).await;
    assert_eq!(public.status(), 303, "{}", public.text().await.unwrap());
    let authorize = location(&public);
    assert!(authorize.contains("/oauth2/authorize?"), "{authorize}");
    let approve =
        format!("{}&user={who}", authorize.replace("/oauth2/authorize?", "/oauth2/approve?"));
    let approved = get(browser, &approve).await;
    let callback = follow(browser, approved, &h.public("/auth/discord/callback")).await;
    assert_eq!(callback.status(), 303, "{}", callback.text().await.unwrap());
    location(&callback)
}

async fn refused_page(response: reqwest::Response) {
    assert_eq!(response.status(), 400);
    let page = response.text().await.unwrap();
    assert!(page.contains(&portal::identity::pages::escape(HANDOFF_FAILED)), "{page}");
}

#[tokio::test]
async fn a_member_signs_in_on_the_agency_domain_and_switches_agencies_signed_in() {
    let h = hosts().await;
    let browser = h.browser();
    let bcso_me = h.at("bcso.localhost", "/api/auth/me");
    assert_eq!(signed_in_as(&browser, &bcso_me).await, None);

    // bcso.localhost → public host (naming bcso) → Discord → callback → back to bcso.
    let start = get(&browser, &h.at("bcso.localhost", "/auth/discord?returnTo=/roster")).await;
    let expected = format!(
        "{}?returnTo=%2Froster&for=bcso.localhost%3A{}&nonce=",
        h.public("/auth/discord"),
        h.port
    );
    assert!(location(&start).starts_with(&expected), "{}", location(&start));
    // The nonce the hand-off will be bound to, kept by this browser for the hand-off path only.
    let nonce_cookie = start
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with("portal_handoff="))
        .expect("a nonce cookie");
    for part in ["HttpOnly", "Path=/auth/handoff", "SameSite=Lax"] {
        assert!(nonce_cookie.contains(part), "{nonce_cookie}");
    }
    let handoff_url = sign_in_from(&h, &browser, "bcso.localhost", "/roster", BCSO_HC).await;
    assert!(
        handoff_url.starts_with(&h.at("bcso.localhost", "/auth/handoff?token=")),
        "{handoff_url}"
    );
    let landed = get(&browser, &handoff_url).await;
    assert_eq!(landed.status(), 303);
    assert_eq!(location(&landed), "/roster", "lands on the page it came from");
    assert_eq!(signed_in_as(&browser, &bcso_me).await.as_deref(), Some(BCSO_HC));
    // The agency of the domain, with what its roster grants.
    let nav = json(get(&browser, &h.at("bcso.localhost", "/api/nav-permissions")).await, 200).await;
    assert_eq!(nav["viewer"]["level"], "high_command");
    // The public host holds its own session too.
    assert_eq!(signed_in_as(&browser, &h.public("/api/auth/me")).await.as_deref(), Some(BCSO_HC));

    // The token was used: replayed, in this browser or another, it signs nobody in.
    refused_page(get(&browser, &handoff_url).await).await;
    let thief = h.browser();
    refused_page(get(&thief, &handoff_url).await).await;
    assert_eq!(signed_in_as(&thief, &bcso_me).await, None);

    // Switching to LSPD passes through the public host, which sends the browser to start at
    // lspd (its nonce set there) and hands off again: no Discord.
    let switch =
        get(&browser, &h.at("bcso.localhost", "/auth/switch?agency=lspd&returnTo=/roster")).await;
    let public = follow(&browser, switch, &h.public("/auth/switch?agency=lspd")).await;
    let start = follow(&browser, public, &h.at("lspd.localhost", "/auth/discord?returnTo=")).await;
    let at_public = follow(&browser, start, &h.public("/auth/discord?returnTo=")).await;
    let handed = follow(&browser, at_public, &h.at("lspd.localhost", "/auth/handoff?token=")).await;
    assert_eq!(location(&handed), "/roster");
    let lspd_me = h.at("lspd.localhost", "/api/auth/me");
    assert_eq!(signed_in_as(&browser, &lspd_me).await.as_deref(), Some(BCSO_HC));
    // With what LSPD's roster grants: nothing (they are not on it).
    let nav = json(get(&browser, &h.at("lspd.localhost", "/api/nav-permissions")).await, 200).await;
    assert_eq!(nav["viewer"]["level"], Value::Null);
    assert_eq!(nav["viewer"]["isHighCommand"], false);
    let roster = get(&browser, &h.at("lspd.localhost", "/api/roster")).await;
    assert_eq!(roster.status(), 403);

    // Switching to an agency without a domain opens it on the public host.
    let root =
        get(&browser, &h.at("lspd.localhost", "/auth/switch?agency=rawlife&returnTo=/sops")).await;
    assert_eq!(location(&root), h.public("/sops?agency=rawlife"));
    // Switching to the agency of this very domain stays.
    let same =
        get(&browser, &h.at("lspd.localhost", "/auth/switch?agency=lspd&returnTo=/sops")).await;
    assert_eq!(location(&same), "/sops");

    // Logout on one host ends that host's session only.
    let logout = browser
        .post(h.at("bcso.localhost", "/auth/logout"))
        .header("origin", h.at("bcso.localhost", ""))
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), 303);
    assert_eq!(signed_in_as(&browser, &bcso_me).await, None);
    assert_eq!(signed_in_as(&browser, &lspd_me).await.as_deref(), Some(BCSO_HC));

    // Signed in at the public host, a new sign-in from bcso is handed back at once.
    let again = get(&browser, &h.at("bcso.localhost", "/auth/discord?returnTo=/sops")).await;
    let public = follow(&browser, again, &h.public("/auth/discord")).await;
    let handed = follow(&browser, public, &h.at("bcso.localhost", "/auth/handoff?token=")).await;
    assert_eq!(location(&handed), "/sops");
    assert_eq!(signed_in_as(&browser, &bcso_me).await.as_deref(), Some(BCSO_HC));
}

#[tokio::test]
async fn a_hand_off_elsewhere_late_or_to_a_stranger_gives_nothing() {
    let h = hosts().await;

    // Presented on another registered domain: nothing; the token stays bound to bcso.
    let browser = h.browser();
    let handoff_url = sign_in_from(&h, &browser, "bcso.localhost", "/roster", BCSO_HC).await;
    let on_lspd = handoff_url.replace("bcso.localhost", "lspd.localhost");
    refused_page(get(&browser, &on_lspd).await).await;
    assert_eq!(signed_in_as(&browser, &h.at("lspd.localhost", "/api/auth/me")).await, None);
    // On a name that is not the portal's: nothing either.
    let on_stranger = handoff_url.replace("bcso.localhost", "rebound.localhost");
    refused_page(get(&browser, &on_stranger).await).await;
    let landed = get(&browser, &handoff_url).await;
    assert_eq!(landed.status(), 303, "still good on its own domain");

    // Expired (older than a minute): nothing.
    let control = &h.app.state.control;
    let host =
        handoff::Target { host: format!("bcso.localhost:{}", h.port), nonce: "a nonce".into() };
    let token = handoff::issue(control, BCSO_HC, &host, "/").await.unwrap();
    sqlx::query("UPDATE sign_in_handoffs SET expires_at = now() - interval '1 second'")
        .execute(control)
        .await
        .unwrap();
    let late = h.browser();
    refused_page(
        get(&late, &h.at("bcso.localhost", &format!("/auth/handoff?token={token}"))).await,
    )
    .await;
    assert_eq!(signed_in_as(&late, &h.at("bcso.localhost", "/api/auth/me")).await, None);
    let token = handoff::issue(control, BCSO_HC, &host, "/").await.unwrap();
    let (_, expires_in): (String, f64) = sqlx::query_as(
        "SELECT host, EXTRACT(EPOCH FROM expires_at - now())::float8 FROM sign_in_handoffs",
    )
    .fetch_one(control)
    .await
    .unwrap();
    assert!(expires_in <= 60.0 && expires_in > 50.0, "valid for at most a minute: {expires_in}");
    // A garbled or missing token: nothing.
    refused_page(
        get(&late, &h.at("bcso.localhost", &format!("/auth/handoff?token={token}x"))).await,
    )
    .await;
    refused_page(get(&late, &h.at("bcso.localhost", "/auth/handoff")).await).await;

    // A hand-off is only ever made to a registered domain: `for` naming anything else is
    // ignored and the sign-in ends on the public host.
    let stranger = h.browser();
    let start = get(
        &stranger,
        &h.public(&format!("/auth/discord?returnTo=/roster&for=rebound.localhost:{}", h.port)),
    )
    .await;
    let authorize = location(&start);
    let approve =
        format!("{}&user={BCSO_HC}", authorize.replace("/oauth2/authorize?", "/oauth2/approve?"));
    let approved = get(&stranger, &approve).await;
    let callback = get(&stranger, &location(&approved)).await;
    assert_eq!(location(&callback), "/roster", "signed in on the public host, no hand-off");
    let count: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sign_in_handoffs WHERE host LIKE 'rebound%'")
            .fetch_one(control)
            .await
            .unwrap();
    assert_eq!(count, 0);

    // A return path outside the agency's own host is ignored.
    let browser = h.browser();
    let handoff_url =
        sign_in_from(&h, &browser, "bcso.localhost", "https://evil.example/steal", BCSO_HC).await;
    assert_eq!(location(&get(&browser, &handoff_url).await), "/");
}

#[tokio::test]
async fn a_hand_off_minted_in_one_browser_signs_in_no_other_browser() {
    let h = hosts().await;
    // The attacker signs in as themselves from bcso and keeps the hand-off link unused.
    let attacker = h.browser();
    let link = sign_in_from(&h, &attacker, "bcso.localhost", "/roster", BCSO_HC).await;
    let bcso_me = h.at("bcso.localhost", "/api/auth/me");

    // A victim who never started a sign-in there: nothing.
    let victim = h.browser();
    refused_page(get(&victim, &link).await).await;
    assert_eq!(signed_in_as(&victim, &bcso_me).await, None);
    // A victim in the middle of their own sign-in at bcso (their own nonce): nothing either.
    let started = get(&victim, &h.at("bcso.localhost", "/auth/discord?returnTo=/roster")).await;
    assert_eq!(started.status(), 303);
    refused_page(get(&victim, &link).await).await;
    assert_eq!(signed_in_as(&victim, &bcso_me).await, None);
    // A switch link crafted with a nonce of the attacker's choosing hands the attacker nothing:
    // the public host answers for its own session only (the victim has none there).
    let crafted = h.public(&format!(
        "/auth/discord?returnTo=/roster&for=bcso.localhost:{}&nonce=chosen-by-attacker",
        h.port
    ));
    let answered = get(&victim, &crafted).await;
    assert!(location(&answered).contains("/oauth2/authorize?"), "a Discord sign-in, not a token");

    // The attacker's own browser still redeems it: the token was not spent by the refusals.
    let landed = get(&attacker, &link).await;
    assert_eq!((landed.status().as_u16(), location(&landed)), (303, "/roster".to_owned()));
    assert_eq!(signed_in_as(&attacker, &bcso_me).await.as_deref(), Some(BCSO_HC));
}

#[tokio::test]
async fn writes_are_accepted_from_the_portals_own_hosts_only() {
    let h = hosts().await;
    let browser = h.browser();
    let post = |host: &str, origin: &str| {
        browser
            .request(Method::POST, h.at(host, "/auth/logout"))
            .header("origin", origin.to_owned())
            .send()
    };
    // The agency's own domain, for requests on that domain.
    let own = post("bcso.localhost", &h.at("bcso.localhost", "")).await.unwrap();
    assert_eq!(own.status(), 303);
    // Another agency's domain, for a request on bcso: refused.
    let other = post("bcso.localhost", &h.at("lspd.localhost", "")).await.unwrap();
    assert_eq!(json(other, 403).await, json!({"error": CROSS_SITE}));
    // A name rebound to this server is not the portal's own host, even "same origin".
    let rebound = post("rebound.localhost", &h.at("rebound.localhost", "")).await.unwrap();
    assert_eq!(json(rebound, 403).await, json!({"error": CROSS_SITE}));
    // The public address is always the portal's.
    let public = post("bcso.localhost", &h.public("")).await.unwrap();
    assert_eq!(public.status(), 303);
}

#[tokio::test]
async fn demo_sign_in_on_an_agency_domain_takes_the_same_path() {
    let app = spawn_app_with(Options { demo: true, ..Default::default() }).await;
    domain_agency(&app, "bcso", "Blaine County Sheriff's Office").await;
    app.add_member("bcso", BCSO_HC, "Hana Command", "high_command").await;
    let h = Hosts::of(app);
    let port = h.port;
    let browser = h.browser();

    let start = get(&browser, &h.at("bcso.localhost", "/auth/discord?returnTo=/roster")).await;
    let public = follow(&browser, start, &h.public("/auth/discord?returnTo=")).await;
    let for_host = format!("bcso.localhost:{port}");
    let expected = format!("/auth/demo?returnTo=%2Froster&for=bcso.localhost%3A{port}&nonce=");
    let demo = location(&public);
    assert!(demo.starts_with(&expected), "{demo}");
    let nonce = demo[expected.len()..].to_owned();
    let page = get(&browser, &h.public(&demo)).await.text().await.unwrap();
    assert!(page.contains(&format!(r#"name="for" value="{for_host}""#)), "{page}");
    assert!(page.contains(&format!(r#"name="nonce" value="{nonce}""#)), "{page}");

    let chosen = browser
        .post(h.public("/auth/demo"))
        .header("origin", h.public(""))
        .form(&[
            ("discordId", BCSO_HC),
            ("returnTo", "/roster"),
            ("agency", "bcso"),
            ("for", for_host.as_str()),
            ("nonce", nonce.as_str()),
        ])
        .send()
        .await
        .unwrap();
    let landed = follow(&browser, chosen, &h.at("bcso.localhost", "/auth/handoff?token=")).await;
    assert_eq!(location(&landed), "/roster");
    let me = h.at("bcso.localhost", "/api/auth/me");
    assert_eq!(signed_in_as(&browser, &me).await.as_deref(), Some(BCSO_HC));
}

#[tokio::test]
async fn the_session_cookie_is_secure_when_a_trusted_proxy_says_https() {
    // The test server's peer is 127.0.0.1: trusted here.
    let options =
        Options { env: vec![("PORTAL_TRUSTED_PROXIES", "127.0.0.1".into())], ..Default::default() };
    let app = spawn_app_with(options).await;
    let start = |proto: Option<&'static str>| {
        let mut request = app.client.get(app.url("/auth/discord?returnTo=/roster"));
        if let Some(proto) = proto {
            request = request.header("x-forwarded-proto", proto);
        }
        request.send()
    };
    let cookie = |response: &reqwest::Response| {
        session_cookie(response).expect("a session cookie for the pending sign-in")
    };
    let https = start(Some("https")).await.unwrap();
    assert!(cookie(&https).contains("; Secure"), "{}", cookie(&https));
    let http = start(Some("http")).await.unwrap();
    assert!(!cookie(&http).contains("Secure"), "{}", cookie(&http));
    let direct = start(None).await.unwrap();
    assert!(!cookie(&direct).contains("Secure"), "{}", cookie(&direct));

    // From an untrusted peer the header is ignored.
    let options = Options {
        env: vec![("PORTAL_TRUSTED_PROXIES", "10.0.0.0/8".into())],
        ..Default::default()
    };
    let app = spawn_app_with(options).await;
    let spoofed = app
        .client
        .get(app.url("/auth/discord"))
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .unwrap();
    assert!(!cookie(&spoofed).contains("Secure"), "{}", cookie(&spoofed));
}

/// The agency the public address serves to this browser (no header, no query: its cookie).
async fn public_agency(h: &Hosts, browser: &Client) -> String {
    let config = json(get(browser, &h.public("/api/agency")).await, 200).await;
    config["slug"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_public_address_remembers_the_agency_it_sent_a_member_to() {
    let h = hosts().await;
    let browser = h.browser();
    assert_eq!(public_agency(&h, &browser).await, "rawlife");
    // Signing in on bcso's domain passes through the public address: it now opens bcso.
    let handoff_url = sign_in_from(&h, &browser, "bcso.localhost", "/", BCSO_HC).await;
    get(&browser, &handoff_url).await;
    assert_eq!(public_agency(&h, &browser).await, "bcso");
    // A switch to lspd from bcso's domain: the public address follows.
    let switch =
        get(&browser, &h.at("bcso.localhost", "/auth/switch?agency=lspd&returnTo=/")).await;
    let public = follow(&browser, switch, &h.public("/auth/switch?agency=lspd")).await;
    let cookie = public
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with("agencySlug="))
        .expect("the public address remembers the agency");
    for part in ["agencySlug=lspd", "Path=/", "SameSite=Lax", "Max-Age=2592000"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert_eq!(public_agency(&h, &browser).await, "lspd");

    // A visitor switching from the public address to an agency with a domain: the same.
    let visitor = h.browser();
    let switch = get(&visitor, &h.public("/auth/switch?agency=bcso&returnTo=/about")).await;
    assert_eq!(location(&switch), h.at("bcso.localhost", "/about"));
    assert_eq!(public_agency(&h, &visitor).await, "bcso");
}
