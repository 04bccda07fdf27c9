//! The router: assembles every route, its OpenAPI description and the tower layers. Nothing
//! else; handlers live in their features.

use std::time::Duration;

use axum::{
    extract::DefaultBodyLimit,
    http::{HeaderName, Request, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use tower::ServiceBuilder;
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    set_header::SetResponseHeaderLayer,
    timeout::TimeoutLayer,
    trace::{DefaultOnResponse, TraceLayer},
};
use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::ErrorBody,
    features::{
        agencies, alerts, analytics, api_tokens, arrests, bundles, callsigns, catalogue_images,
        discord, duty, equipment, health, leave, logs, penal_codes, permissions, personnel_file,
        qualifications, recruitment, roster, sops, structure, tickets, training, uniforms,
        use_of_force, vehicles,
    },
    identity, media,
    state::AppState,
    web,
};

/// Answers every route may give besides its own: 400 (a NUL character in the path or query),
/// 500, 503 with `Retry-After` (database unreachable, portal busy), and 415 where a JSON body
/// is expected. Added to the description here rather than repeated on each route.
struct CommonAnswers;

impl utoipa::Modify for CommonAnswers {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{
            header::Header, schema::Type, ContentBuilder, ObjectBuilder, Ref, RefOr, Response,
            ResponseBuilder,
        };
        let error = |description: &str| -> Response {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build(),
                )
                .build()
        };
        let unavailable = {
            let mut response =
                error("The database cannot be reached or the portal is busy; retry later");
            let seconds = ObjectBuilder::new().schema_type(Type::Integer).build();
            let mut header = Header::new(seconds);
            header.description = Some("Seconds to wait before retrying".into());
            response.headers.insert("Retry-After".into(), header);
            response
        };
        for item in doc.paths.paths.values_mut() {
            let operations =
                [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
            for operation in operations.into_iter().flatten() {
                let json_body = operation
                    .request_body
                    .as_ref()
                    .is_some_and(|b| b.content.contains_key("application/json"));
                let answers = &mut operation.responses.responses;
                let mut add = |status: &str, response: Response| {
                    answers.entry(status.into()).or_insert(RefOr::T(response));
                };
                add("400", error("Invalid request"));
                if json_body {
                    add("415", error("The body is not JSON (Content-Type: application/json)"));
                }
                add("500", error("Internal server error"));
                add("503", unavailable.clone());
            }
        }
    }
}

/// The agency API tokens (`access::tokens`): the bearer scheme, and on each request a token
/// may make, the scope it needs (read from the same table that admits them), beside the
/// session cookie that works there too.
struct TokenSecurity;

impl utoipa::Modify for TokenSecurity {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{
            Http, HttpAuthScheme, SecurityRequirement, SecurityScheme,
        };
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.description = Some(
            "An agency API token (Command → API tokens), sent as `Authorization: Bearer apt_…` to the agency's address (or with `X-Agency-Slug`). It acts within its scopes only; `reports:write` files as the member named by `X-Portal-Member` (their Discord id).".into(),
        );
        doc.components
            .get_or_insert_with(Default::default)
            .add_security_scheme(TOKEN_SCHEME, SecurityScheme::Http(scheme));
        for (path, item) in doc.paths.paths.iter_mut() {
            let operations = [
                (http::Method::GET, &mut item.get),
                (http::Method::PUT, &mut item.put),
                (http::Method::POST, &mut item.post),
                (http::Method::DELETE, &mut item.delete),
                (http::Method::PATCH, &mut item.patch),
            ];
            for (method, operation) in operations {
                let Some(operation) = operation else { continue };
                let Some(scope) = crate::access::tokens::scope_for(&method, path) else { continue };
                let token = SecurityRequirement::new(TOKEN_SCHEME, [scope]);
                // The game server's clock takes a token only; the others a session too.
                let mut ways = vec![token];
                if path != "/api/duty/clock" {
                    ways.insert(0, SecurityRequirement::default());
                }
                operation.security = Some(ways);
            }
        }
    }
}

/// The name of the API token scheme in the OpenAPI description.
const TOKEN_SCHEME: &str = "api_token";

#[derive(OpenApi)]
#[openapi(
    info(title = "Agency Portal API", description = "Multi-agency department portal"),
    // Routed by hand below: axum needs a wildcard (`{*path}`) that OpenAPI cannot express.
    paths(media::routes::media, agencies::admin::upload_agency_media, structure::routes::upload_insignia,
        bundles::routes::import_agency, bundles::routes::back_up_now),
    components(schemas(ErrorBody)),
    tags(
        (name = "agencies"), (name = "access"), (name = "identity"), (name = "structure"), (name = "roster"),
        (name = "health"), (name = "media"), (name = "penal-codes"), (name = "vehicles"), (name = "equipment"),
        (name = "uniforms"), (name = "sops"), (name = "use-of-force"), (name = "arrests"), (name = "tickets"), (name = "training"),
        (name = "discord"), (name = "alerts"), (name = "qualifications"), (name = "leave"),
        (name = "personnel"), (name = "duty"), (name = "api-tokens"), (name = "analytics"),
        (name = "recruitment")
    )
)]
struct ApiDoc;

/// The routes and their OpenAPI description: each feature's `routes()`, and the identity
/// and media routes.
fn routes() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(agencies::routes())
        .merge(bundles::routes())
        .merge(health::routes())
        .merge(permissions::routes())
        .merge(structure::routes())
        .merge(callsigns::routes())
        .merge(roster::routes())
        .merge(logs::routes())
        .merge(penal_codes::routes())
        .merge(vehicles::routes())
        .merge(equipment::routes())
        .merge(uniforms::routes())
        .merge(sops::routes())
        .merge(catalogue_images::routes())
        .merge(use_of_force::routes())
        .merge(arrests::routes())
        .merge(tickets::routes())
        .merge(training::routes())
        .merge(discord::routes())
        .merge(alerts::routes())
        .merge(qualifications::routes())
        .merge(leave::routes())
        .merge(personnel_file::routes())
        .merge(duty::routes())
        .merge(api_tokens::routes())
        .merge(analytics::routes())
        .merge(recruitment::routes())
        .routes(routes!(media::routes::insignia))
        .routes(routes!(media::avatars::default_image))
        .routes(routes!(media::avatars::avatar))
        .routes(routes!(identity::routes::auth_me))
        .routes(routes!(identity::routes::api_me))
        .routes(routes!(identity::routes::discord_user))
        .routes(routes!(identity::routes::discord_roles))
        .split_for_parts()
}

/// The OpenAPI description of every route.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, mut doc) = routes();
    doc.paths.paths.insert("/api/openapi.json".into(), openapi_path_item());
    utoipa::Modify::modify(&CommonAnswers, &mut doc);
    utoipa::Modify::modify(&TokenSecurity, &mut doc);
    doc
}

fn openapi_path_item() -> utoipa::openapi::PathItem {
    use utoipa::openapi::{path::OperationBuilder, HttpMethod, PathItem, ResponseBuilder};
    PathItem::new(
        HttpMethod::Get,
        OperationBuilder::new()
            .summary(Some("This OpenAPI description"))
            .tag("meta")
            .response("200", ResponseBuilder::new().description("OpenAPI 3.1 document"))
            .build(),
    )
}

pub fn router(state: AppState) -> Router {
    let (api, _) = routes();
    let doc = openapi();
    let request_id = HeaderName::from_static("x-request-id");
    let layers = ServiceBuilder::new()
        .layer(SetRequestIdLayer::new(request_id.clone(), MakeRequestUuid))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request<_>| {
                    let id = req
                        .headers()
                        .get("x-request-id")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("-");
                    tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %id, agency = tracing::field::Empty)
                })
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
        .layer(PropagateRequestIdLayer::new(request_id))
        .layer(CatchPanicLayer::custom(|_| panic_response()))
        .layer(CompressionLayer::new());

    let sessions = identity::session::layer(state.sessions.clone());
    let app = api
        .route("/api/openapi.json", get(move || async move { Json(doc) }))
        .route("/media/{*path}", get(media::routes::media))
        .route(
            "/api/uploads/insignia",
            axum::routing::post(structure::routes::upload_insignia)
                .layer(DefaultBodyLimit::max(structure::routes::INSIGNIA_LIMIT + 64 * 1024)),
        )
        .route(
            "/api/uploads/agency-media",
            axum::routing::post(agencies::admin::upload_agency_media)
                .layer(DefaultBodyLimit::max(agencies::admin::AGENCY_MEDIA_LIMIT + 64 * 1024)),
        )
        .route("/auth/discord", get(identity::oauth::start))
        .route(identity::oauth::CALLBACK_PATH, get(identity::oauth::callback))
        .route("/auth/logout", get(identity::oauth::logout_page).post(identity::oauth::logout))
        .route("/auth/demo", get(identity::demo::choose).post(identity::demo::sign_in))
        .route(identity::handoff::HANDOFF_PATH, get(identity::handoff::receive))
        .route(identity::handoff::SWITCH_PATH, get(identity::handoff::switch))
        .fallback(web::fallback)
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(30)))
        .layer(DefaultBodyLimit::max(1024 * 1024))
        // Added after the timeout: they take as long as the agency is large (issue 27). The
        // import streams its body to a file, bounded by PORTAL_IMPORT_MAX_MB.
        .route(
            "/api/agencies/import",
            axum::routing::post(bundles::routes::import_agency).layer(DefaultBodyLimit::disable()),
        )
        .route("/api/agencies/{slug}/backups", axum::routing::post(bundles::routes::back_up_now))
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::access::tokens::bearer))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::access::cache::announce_writes,
        ))
        .layer(axum::middleware::from_fn_with_state(state.clone(), identity::origin::same_origin))
        .layer(axum::middleware::from_fn(crate::extract::refuse_encoded_nul))
        .layer(sessions)
        .layer(axum::middleware::from_fn_with_state(state.clone(), identity::transport::layer))
        .layer(layers);
    // Outermost, so a panic's 500 carries them too.
    let security = web::security_headers(state.config.onlyoffice.as_ref().map(|o| &o.url));
    security
        .into_iter()
        .fold(app, |app, (name, value)| {
            app.layer(SetResponseHeaderLayer::if_not_present(name, value))
        })
        .with_state(state)
}

fn panic_response() -> Response {
    (StatusCode::INTERNAL_SERVER_ERROR, Json(ErrorBody { error: "Internal server error".into() }))
        .into_response()
}
