//! Media serving: the local folder store and a real S3-compatible server (s3s-fs, in-process,
//! with SigV4 checked), through the real router.

use std::path::Path;

use bytes::Bytes;
use hyper_util::{
    rt::{TokioExecutor, TokioIo},
    server::conn::auto::Builder as ConnBuilder,
};
use object_store::{aws::AmazonS3ConfigKey, ClientConfigKey};
use portal::media::MediaStore;
use s3s::{auth::SimpleAuth, service::S3ServiceBuilder};
use tempfile::TempDir;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
};

use crate::helpers::{json, spawn_app, spawn_app_with, Options, TestApp};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

// ---------------------------------------------------------------------------------------
// Fixtures

fn tiny_png(seed: u8) -> Bytes {
    crate::fixtures::tiny_png(seed).into()
}

/// Every byte value, twice: catches any text decoding or newline mangling on the way.
fn all_bytes() -> Bytes {
    (0..=255u8).chain((0..=255u8).rev()).collect::<Vec<_>>().into()
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> Option<&'a str> {
    response.headers().get(name).map(|v| v.to_str().expect("header is ASCII"))
}

/// Checks a 200 media answer: exact bytes, content type and the serving headers.
async fn assert_served(app: &TestApp, path: &str, bytes: &[u8], content_type: &str) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "GET {path}");
    assert_eq!(header(&response, "content-type"), Some(content_type), "GET {path}");
    assert_eq!(header(&response, "cache-control"), Some(IMMUTABLE), "GET {path}");
    assert_eq!(header(&response, "x-content-type-options"), Some("nosniff"), "GET {path}");
    assert_eq!(
        header(&response, "content-security-policy"),
        Some("default-src 'none'; sandbox"),
        "GET {path}"
    );
    let etag =
        header(&response, "etag").unwrap_or_else(|| panic!("GET {path}: no ETag")).to_owned();
    assert!(
        etag.starts_with('"') && etag.ends_with('"') && etag.len() > 2,
        "GET {path}: ETag {etag:?} is not a quoted entity tag"
    );
    let body = response.bytes().await.unwrap();
    assert_eq!(&body[..], bytes, "GET {path}: body differs from what was stored");
    etag
}

async fn assert_not_found(app: &TestApp, path: &str) {
    let body = json(app.get(path).await, 404).await;
    assert_eq!(body, serde_json::json!({ "error": "Not found" }), "GET {path}");
}

async fn get_if_none_match(app: &TestApp, path: &str, etag: &str) -> reqwest::Response {
    app.client.get(app.url(path)).header("if-none-match", etag).send().await.unwrap()
}

/// A GET written straight onto the socket, so the request target is sent exactly as given
/// (reqwest, like any URL library, would resolve `..` and `%2e%2e` before sending).
async fn raw_get(app: &TestApp, target: &str) -> (u16, Vec<u8>) {
    let host = app.address.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).await.unwrap();
    let request = format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("GET {target}: not an HTTP answer: {text}"));
    let body = match answer.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(i) => answer[i + 4..].to_vec(),
        None => Vec::new(),
    };
    (status, body)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

// ---------------------------------------------------------------------------------------
// Local folder store

#[tokio::test]
async fn insignia_round_trips_through_the_local_store() {
    let app = spawn_app().await;
    let png = tiny_png(1);

    app.state.media.put("insignia/abc.png", png.clone()).await.unwrap();

    let on_disk = std::fs::read(app.media_dir.join("insignia/abc.png"))
        .expect("the insignia is a file under the media folder");
    assert_eq!(on_disk, png);

    let etag = assert_served(&app, "/insignia/abc.png", &png, "image/png").await;
    // The same object is reachable by its full key under /media.
    let same = assert_served(&app, "/media/insignia/abc.png", &png, "image/png").await;
    assert_eq!(same, etag);

    // The store reads back what was written, too.
    let object = app.state.media.get("insignia/abc.png").await.unwrap().unwrap();
    assert_eq!(object.bytes, png);
}

#[tokio::test]
async fn a_matching_if_none_match_answers_304_and_a_stale_one_gets_the_new_bytes() {
    let app = spawn_app().await;
    let first = tiny_png(2);
    app.state.media.put("insignia/rank.png", first.clone()).await.unwrap();
    let etag = assert_served(&app, "/insignia/rank.png", &first, "image/png").await;

    let response = get_if_none_match(&app, "/insignia/rank.png", &etag).await;
    assert_eq!(response.status(), 304);
    assert_eq!(header(&response, "etag"), Some(etag.as_str()));
    assert_eq!(header(&response, "cache-control"), Some(IMMUTABLE));
    assert!(response.bytes().await.unwrap().is_empty(), "a 304 has no body");

    let response = get_if_none_match(&app, "/media/insignia/rank.png", &etag).await;
    assert_eq!(response.status(), 304, "the /media route revalidates too");

    // Lists, weak comparison and `*` (RFC 9110 §13.1.2).
    let weak = format!("W/{etag}");
    for condition in [format!("\"other\", {etag}"), weak, "*".to_owned()] {
        let response = get_if_none_match(&app, "/insignia/rank.png", &condition).await;
        assert_eq!(response.status(), 304, "If-None-Match: {condition}");
    }

    // Served as stored even when the client accepts gzip, so the strong ETag stays true.
    let response = app
        .client
        .get(app.url("/media/insignia/rank.png"))
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();
    assert_ne!(header(&response, "content-encoding"), Some("gzip"));
    assert_eq!(response.bytes().await.unwrap(), first);

    // Someone else's tag: the full answer.
    let response = get_if_none_match(&app, "/insignia/rank.png", "\"not-this-one\"").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.bytes().await.unwrap(), first);

    // Replacing the object (different length, so the local ETag must change) invalidates the
    // old tag: the client gets the new bytes, not a 304.
    let mut second = tiny_png(3).to_vec();
    second.extend(b"trailing bytes after IEND");
    app.state.media.put("insignia/rank.png", Bytes::from(second.clone())).await.unwrap();
    let response = get_if_none_match(&app, "/insignia/rank.png", &etag).await;
    assert_eq!(response.status(), 200, "a stale ETag must not get a 304");
    let new_etag = header(&response, "etag").unwrap().to_owned();
    assert_ne!(new_etag, etag);
    assert_eq!(response.bytes().await.unwrap(), second);
}

#[tokio::test]
async fn nested_media_keys_are_served_with_a_content_type_from_their_extension() {
    let app = spawn_app().await;
    let jpeg = Bytes::from_static(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00not really a jpeg\xff\xd9");
    let webp = Bytes::from_static(b"RIFF\x0c\x00\x00\x00WEBPVP8 fake");
    let cases = [
        ("agencies/bcso/hero.jpg", jpeg.clone(), "image/jpeg"),
        ("agencies/bcso/badge.png", tiny_png(4), "image/png"),
        ("agencies/lspd/favicon.webp", webp, "image/webp"),
        ("agencies/lspd/deep/er/blob.bin", all_bytes(), "application/octet-stream"),
        ("top-level.jpeg", jpeg, "image/jpeg"),
    ];
    for (key, bytes, _) in &cases {
        app.state.media.put(key, bytes.clone()).await.unwrap();
    }
    for (key, bytes, content_type) in &cases {
        assert_served(&app, &format!("/media/{key}"), bytes, content_type).await;
        assert_eq!(&std::fs::read(app.media_dir.join(key)).unwrap()[..], &bytes[..]);
    }

    // Deleting removes it from disk and from the router.
    app.state.media.delete("agencies/bcso/hero.jpg").await.unwrap();
    assert!(!app.media_dir.join("agencies/bcso/hero.jpg").exists());
    assert_not_found(&app, "/media/agencies/bcso/hero.jpg").await;
    // Deleting what is not there is not an error.
    app.state.media.delete("agencies/bcso/hero.jpg").await.unwrap();
    // Its neighbour is untouched.
    assert_served(&app, "/media/agencies/bcso/badge.png", &cases[1].1, "image/png").await;
}

#[tokio::test]
async fn unknown_media_answers_a_json_404() {
    let app = spawn_app().await;
    app.state.media.put("agencies/bcso/badge.png", tiny_png(5)).await.unwrap();

    assert_not_found(&app, "/insignia/nope.png").await;
    assert_not_found(&app, "/media/nope.png").await;
    assert_not_found(&app, "/media/agencies/bcso/nope.png").await;
    assert_not_found(&app, "/media/agencies/nobody/badge.png").await;
    // A folder is not a file.
    assert_not_found(&app, "/media/agencies/bcso").await;
    assert_not_found(&app, "/media/agencies").await;
    // An insignia is looked up under insignia/ only.
    assert_not_found(&app, "/insignia/badge.png").await;
    assert!(app.state.media.get("nope.png").await.unwrap().is_none());
}

/// `/media/%2F` decodes to the key `/`, which `object_store::path::Path::parse` turns into
/// the root path; the local store then fails reading a directory and the router answers 500.
#[tokio::test]
async fn a_key_naming_the_store_root_answers_404() {
    let app = spawn_app().await;
    app.state.media.put("insignia/ok.png", tiny_png(11)).await.unwrap();
    for target in ["/media/%2F", "/media/%2F%2F"] {
        let (status, body) = raw_get(&app, target).await;
        assert_eq!(status, 404, "GET {target}: {}", String::from_utf8_lossy(&body));
    }
}

#[tokio::test]
async fn path_traversal_never_serves_files_outside_the_store() {
    // root/secret.txt sits next to the store; root/store/private.txt is in the store but
    // outside insignia/.
    let root = TempDir::new().unwrap();
    let store_dir = root.path().join("store");
    const SECRET: &[u8] = b"TOP-SECRET-5f1c7a";
    const PRIVATE: &[u8] = b"PRIVATE-NOT-AN-INSIGNIA-9b2e";
    std::fs::write(root.path().join("secret.txt"), SECRET).unwrap();
    let store = MediaStore::folder(&store_dir).unwrap();
    std::fs::write(store_dir.join("private.txt"), PRIVATE).unwrap();
    let app = spawn_app_with(Options { media: Some(store), ..Default::default() }).await;
    app.state.media.put("insignia/ok.png", tiny_png(6)).await.unwrap();
    // The setup serves what it should, so the refusals below mean something.
    let (status, body) = raw_get(&app, "/insignia/ok.png").await;
    assert_eq!((status, body), (200, tiny_png(6).to_vec()));
    let (status, body) = raw_get(&app, "/media/private.txt").await;
    assert_eq!((status, &body[..]), (200, PRIVATE));

    let refused = [
        "/media/../secret.txt",
        "/media/%2e%2e/secret.txt",
        "/media/%2E%2E/secret.txt",
        "/media/..%2Fsecret.txt",
        "/media/..%2fsecret.txt",
        "/media/%2e%2e%2fsecret.txt",
        "/media/agencies/../../secret.txt",
        "/media/agencies/%2e%2e/%2e%2e/secret.txt",
        "/media/./../secret.txt",
        "/media/..%5Csecret.txt",
        "/media/..%00/secret.txt",
        "/media/%2F..%2Fsecret.txt",
        "/insignia/..%2Fsecret.txt",
        "/insignia/..%2F..%2Fsecret.txt",
        "/insignia/%2e%2e%2f%2e%2e%2fsecret.txt",
        "/insignia/..%2Fprivate.txt",
        "/insignia/%2e%2e%2fprivate.txt",
        "/insignia/..",
        "/insignia/%2e%2e",
        "/insignia/..%5Cprivate.txt",
    ];
    for target in refused {
        let (status, body) = raw_get(&app, target).await;
        assert!(
            status == 404 || status == 400,
            "GET {target}: expected 404 or 400, got {status}: {}",
            String::from_utf8_lossy(&body)
        );
        assert!(!contains(&body, SECRET), "GET {target} leaked a file outside the store");
        assert!(!contains(&body, PRIVATE), "GET {target} leaked a non-insignia file");
    }

    // Targets the media routes cannot match (the `..` makes an extra segment for the
    // one-segment /insignia/{file}) fall through to the web app; whatever answers, it is
    // never the file.
    for target in ["/insignia/../secret.txt", "/insignia/../private.txt", "/../secret.txt"] {
        let (status, body) = raw_get(&app, target).await;
        assert!(
            !contains(&body, SECRET),
            "GET {target} leaked a file outside the store ({status})"
        );
        assert!(!contains(&body, PRIVATE), "GET {target} leaked a non-insignia file ({status})");
    }
}

// ---------------------------------------------------------------------------------------
// S3-compatible store

const ACCESS_KEY: &str = "AKIAPORTALTEST000001";
const SECRET_KEY: &str = "portal/test/secret/key/0123456789abcdefABCD";

/// An S3 server (s3s-fs) storing under `root`, accepting only `ACCESS_KEY`/`SECRET_KEY`
/// SigV4 signatures; returns its endpoint URL.
async fn start_s3_server(root: &Path) -> String {
    let fs = s3s_fs::FileSystem::new(root).expect("s3s-fs root");
    let mut builder = S3ServiceBuilder::new(fs);
    builder.set_auth(SimpleAuth::from_single(ACCESS_KEY, SECRET_KEY));
    let service = builder.build();

    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let http = ConnBuilder::new(TokioExecutor::new());
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                continue;
            };
            let connection =
                http.serve_connection(TokioIo::new(socket), service.clone()).into_owned();
            tokio::spawn(async move {
                let _ = connection.await;
            });
        }
    });
    format!("http://{address}")
}

fn s3_store(endpoint: &str, bucket: &str, prefix: &str, secret_key: &str) -> MediaStore {
    MediaStore::s3(
        bucket,
        prefix,
        [
            (AmazonS3ConfigKey::Endpoint, endpoint.to_owned()),
            (AmazonS3ConfigKey::AccessKeyId, ACCESS_KEY.to_owned()),
            (AmazonS3ConfigKey::SecretAccessKey, secret_key.to_owned()),
            (AmazonS3ConfigKey::Region, "us-east-1".to_owned()),
            // Path-style (http://host/bucket/key): a loopback endpoint has no bucket subdomains.
            (AmazonS3ConfigKey::VirtualHostedStyleRequest, "false".to_owned()),
            (AmazonS3ConfigKey::Client(ClientConfigKey::AllowHttp), "true".to_owned()),
        ],
    )
    .expect("S3 media store")
}

#[tokio::test]
async fn media_round_trips_through_an_s3_compatible_server() {
    let s3_root = TempDir::new().unwrap();
    std::fs::create_dir(s3_root.path().join("media")).unwrap(); // the bucket
    let endpoint = start_s3_server(s3_root.path()).await;
    let app = spawn_app_with(Options {
        media: Some(s3_store(&endpoint, "media", "portal", SECRET_KEY)),
        ..Default::default()
    })
    .await;

    let png = tiny_png(7);
    let jpeg = Bytes::from_static(b"\xff\xd8\xff\xe0 an s3 hero image \xff\xd9");
    app.state.media.put("insignia/s3.png", png.clone()).await.unwrap();
    app.state.media.put("agencies/bcso/hero.jpg", jpeg.clone()).await.unwrap();
    app.state.media.put("agencies/bcso/blob.bin", all_bytes()).await.unwrap();

    // The objects really are in the S3 server's bucket, under the prefix.
    let bucket = s3_root.path().join("media");
    assert_eq!(std::fs::read(bucket.join("portal/insignia/s3.png")).unwrap(), png);
    assert_eq!(std::fs::read(bucket.join("portal/agencies/bcso/hero.jpg")).unwrap(), jpeg);
    assert!(
        !app.media_dir.join("insignia/s3.png").exists(),
        "nothing is written to the local media folder"
    );

    let etag = assert_served(&app, "/insignia/s3.png", &png, "image/png").await;
    assert_served(&app, "/media/agencies/bcso/hero.jpg", &jpeg, "image/jpeg").await;
    assert_served(&app, "/media/agencies/bcso/blob.bin", &all_bytes(), "application/octet-stream")
        .await;

    let response = get_if_none_match(&app, "/insignia/s3.png", &etag).await;
    assert_eq!(response.status(), 304);
    assert_eq!(header(&response, "etag"), Some(etag.as_str()));
    assert!(response.bytes().await.unwrap().is_empty());

    // An object in the bucket but outside the prefix is not served.
    std::fs::create_dir_all(bucket.join("insignia")).unwrap();
    std::fs::write(bucket.join("insignia/outside.png"), tiny_png(8)).unwrap();
    assert_not_found(&app, "/insignia/outside.png").await;
    assert_not_found(&app, "/media/insignia/nope.png").await;

    // Deleting removes the object from the bucket; the router then answers 404.
    app.state.media.delete("insignia/s3.png").await.unwrap();
    assert!(!bucket.join("portal/insignia/s3.png").exists());
    assert!(app.state.media.get("insignia/s3.png").await.unwrap().is_none());
    assert_not_found(&app, "/insignia/s3.png").await;
    app.state.media.delete("insignia/s3.png").await.unwrap();
    assert_served(&app, "/media/agencies/bcso/hero.jpg", &jpeg, "image/jpeg").await;
}

#[tokio::test]
async fn an_s3_store_with_the_wrong_secret_is_refused_by_the_server() {
    let s3_root = TempDir::new().unwrap();
    let bucket = s3_root.path().join("media");
    std::fs::create_dir(&bucket).unwrap();
    let endpoint = start_s3_server(s3_root.path()).await;

    let wrong = s3_store(&endpoint, "media", "portal", "not/the/secret/key/at/all/0000000000");
    let err = wrong
        .put("insignia/forged.png", tiny_png(9))
        .await
        .expect_err("a badly signed PUT must fail");
    let message = format!("{err:#}");
    assert!(
        message.contains("403") || message.contains("Signature"),
        "unexpected error: {message}"
    );
    assert!(!bucket.join("portal/insignia/forged.png").exists());

    // The right key works against the same server, so the failure above was the signature.
    let right = s3_store(&endpoint, "media", "portal", SECRET_KEY);
    right.put("insignia/real.png", tiny_png(10)).await.unwrap();
    assert_eq!(std::fs::read(bucket.join("portal/insignia/real.png")).unwrap(), tiny_png(10));

    // Reads with the wrong key fail as errors, not as "no such object"; through the router
    // that is a 500, never the file and never a misleading 404.
    assert!(wrong.get("insignia/real.png").await.is_err());
    let app = spawn_app_with(Options { media: Some(wrong), ..Default::default() }).await;
    let response = app.get("/insignia/real.png").await;
    assert_eq!(response.status(), 500);
    let body = response.bytes().await.unwrap();
    assert!(!contains(&body, &tiny_png(10)));
}

/// Discord avatars come from the portal (issue 21, defect 4): fetched once from the image
/// service, then served from the media store; a default image when they cannot be had.
#[tokio::test]
async fn avatars_are_fetched_once_and_served_by_the_portal() {
    let app = spawn_app().await;
    let account =
        crate::helpers::standin::Account::member("100000000000000055", "ava", &[]).with_avatar();
    let hash = account.avatar.clone().unwrap();
    app.discord.add_account(account);
    let path = format!("/avatars/100000000000000055/{hash}.png");

    let first = app.get(&path).await;
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["content-type"], "image/png");
    assert_eq!(first.headers()["cache-control"], "public, max-age=31536000, immutable");
    let bytes = first.bytes().await.unwrap();
    assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
    assert!(app.media_dir.join(format!("avatars/100000000000000055/{hash}.png")).is_file());
    let second = app.get(&path).await;
    assert_eq!(second.bytes().await.unwrap(), bytes);
    assert_eq!(app.discord.avatar_requests(), 1, "the second came from the portal's copy");

    // An avatar the image service does not have: the default image, not kept long, and
    // the service is not asked again for a while.
    let unknown = format!("/avatars/100000000000000055/{}.png", "f".repeat(32));
    for _ in 0..3 {
        let stand_in = app.get(&unknown).await;
        assert_eq!(stand_in.status(), 200);
        assert_eq!(stand_in.headers()["content-type"], "image/svg+xml");
        assert_eq!(stand_in.headers()["cache-control"], "public, max-age=300");
    }
    assert_eq!(app.discord.avatar_requests(), 2);

    // Names that are not an avatar's are refused without asking anyone.
    for bad in [
        format!("/avatars/100000000000000055/{hash}.svg"),
        format!("/avatars/100000000000000055/{hash}.gif"),
        "/avatars/1234/0123456789abcdef0123456789abcdef.png".to_owned(),
        "/avatars/100000000000000055/..%2F..%2Fetc%2Fpasswd".to_owned(),
    ] {
        assert_eq!(app.get(&bad).await.status(), 404, "{bad}");
    }
    assert_eq!(app.discord.avatar_requests(), 2);

    // The five defaults (discriminator mod 5), made by the portal.
    let default = app.get("/avatars/default/3").await;
    assert_eq!(default.status(), 200);
    assert_eq!(default.headers()["content-type"], "image/svg+xml");
    assert!(default.text().await.unwrap().contains("#faa61a"));
    assert_eq!(app.get("/avatars/default/5").await.status(), 404);
}

#[tokio::test]
async fn without_the_image_service_avatars_are_default_images_at_once() {
    // A port nobody listens on: the image service is unreachable.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let cdn = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let app =
        spawn_app_with(Options { env: vec![("DISCORD_CDN_URL", cdn)], ..Default::default() }).await;
    let path = format!("/avatars/100000000000000056/{}.png", "a".repeat(32));
    let started = std::time::Instant::now();
    for _ in 0..5 {
        let answer = app.get(&path).await;
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.headers()["content-type"], "image/svg+xml");
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(3), "{:?}", started.elapsed());
}
