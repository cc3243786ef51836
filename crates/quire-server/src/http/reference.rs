//! Public reference endpoints: server time, initial data, legal texts, genres,
//! knowledge-base categories and the frontend version check. No login needed.

use axum::extract::State;
use quire_core::time::now_ms;
use quire_protocol::Success;
use quire_protocol::reference::{
    Genres, InitialData, KnowledgeBaseCategories, LatestFrontendVersion, LatestPrivacyPolicy,
    LatestTerms, ServerTime,
};
use quire_store::LegalKind;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::AppState;
use crate::error::ApiError;
use crate::http::extract::{ApiQuery, Envelope};

/// `GET server_time`: the server clock, so clients can correct their own.
#[utoipa::path(get, path = "/server_time", tag = "reference",
    responses((status = 200, body = Success<ServerTime>)))]
pub async fn server_time() -> Envelope<ServerTime> {
    Envelope(ServerTime {
        server_time: now_ms(),
    })
}

/// `GET initial_data`: latest legal texts, genres, themes, plans, knowledge-base categories
/// and templates, in one answer.
#[utoipa::path(get, path = "/initial_data", tag = "reference",
    responses((status = 200, body = Success<InitialData>)))]
pub async fn initial_data(State(app): State<AppState>) -> Result<Envelope<InitialData>, ApiError> {
    Ok(Envelope(app.store.initial_data().await?))
}

/// `GET terms/latest`: the newest terms of service.
#[utoipa::path(get, path = "/terms/latest", tag = "reference",
    responses((status = 200, body = Success<LatestTerms>),
              (status = 404, description = "No terms published", body = quire_protocol::Failure)))]
pub async fn latest_terms(State(app): State<AppState>) -> Result<Envelope<LatestTerms>, ApiError> {
    let term = app
        .store
        .latest_legal(LegalKind::Terms)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Envelope(LatestTerms { term }))
}

/// `GET privacy_policies/latest`: the newest privacy policy.
#[utoipa::path(get, path = "/privacy_policies/latest", tag = "reference",
    responses((status = 200, body = Success<LatestPrivacyPolicy>),
              (status = 404, description = "No privacy policy published", body = quire_protocol::Failure)))]
pub async fn latest_privacy_policy(
    State(app): State<AppState>,
) -> Result<Envelope<LatestPrivacyPolicy>, ApiError> {
    let privacy_policy = app
        .store
        .latest_legal(LegalKind::PrivacyPolicy)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Envelope(LatestPrivacyPolicy { privacy_policy }))
}

/// `GET genres`.
#[utoipa::path(get, path = "/genres", tag = "reference",
    responses((status = 200, body = Success<Genres>)))]
pub async fn genres(State(app): State<AppState>) -> Result<Envelope<Genres>, ApiError> {
    Ok(Envelope(Genres {
        genres: app.store.genres().await?,
    }))
}

/// `GET knowledge_base_categories/enabled`: the categories shown in the help centre.
#[utoipa::path(get, path = "/knowledge_base_categories/enabled", tag = "reference",
    responses((status = 200, body = Success<KnowledgeBaseCategories>)))]
pub async fn enabled_knowledge_base_categories(
    State(app): State<AppState>,
) -> Result<Envelope<KnowledgeBaseCategories>, ApiError> {
    Ok(Envelope(KnowledgeBaseCategories {
        knowledge_base_categories: app.store.knowledge_base_categories(true).await?,
    }))
}

/// Query of the frontend version check.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VersionQuery {
    /// The version the client runs, e.g. `2.4.28`.
    pub current: Option<String>,
}

/// `GET frontend_versions/latest?current=`: the newest web client version, and whether it is
/// newer than `current`.
#[utoipa::path(get, path = "/frontend_versions/latest", tag = "reference", params(VersionQuery),
    responses((status = 200, body = Success<LatestFrontendVersion>),
              (status = 400, description = "Malformed query", body = quire_protocol::Failure)))]
pub async fn latest_frontend_version(
    State(app): State<AppState>,
    ApiQuery(query): ApiQuery<VersionQuery>,
) -> Result<Envelope<LatestFrontendVersion>, ApiError> {
    let frontend_version = app.store.latest_frontend_version().await?;
    let update_available = match query.current.as_deref() {
        Some(current) => is_newer(&frontend_version.version, current),
        None => false,
    };
    Ok(Envelope(LatestFrontendVersion {
        frontend_version,
        update_available,
    }))
}

/// Whether dotted version `latest` is newer than `current`, comparing numerically part by
/// part; a `current` that does not parse is treated as older.
fn is_newer(latest: &str, current: &str) -> bool {
    fn parts(v: &str) -> Option<Vec<u64>> {
        v.trim()
            .trim_start_matches('v')
            .split('.')
            .map(|p| p.parse().ok())
            .collect()
    }
    match (parts(latest), parts(current)) {
        (Some(latest), Some(current)) => latest > current,
        (Some(_), None) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::is_newer;

    #[test]
    fn versions_compare_numerically_part_by_part() {
        assert!(is_newer("2.4.29", "2.4.28"));
        assert!(is_newer("2.10.0", "2.9.9"));
        assert!(!is_newer("2.4.29", "2.4.29"));
        assert!(!is_newer("2.4.29", "2.5.0"));
        assert!(is_newer("2.4.29", "v2.4.3"));
    }

    #[test]
    fn an_unparseable_current_version_is_treated_as_older() {
        assert!(is_newer("2.4.29", "banana"));
        assert!(is_newer("2.4.29", ""));
    }
}
