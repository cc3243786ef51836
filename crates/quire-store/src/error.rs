//! Errors a store operation can end in.

use quire_core::manuscript::RuleError;

/// A store failure. `NotFound` is a normal answer; the others are unexpected and become
/// internal errors at the HTTP edge.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    /// The actor may see the row (a share grant) but not do this with it.
    #[error("not authorized")]
    NotAuthorized,
    /// The operation breaks a rule of the data: a snake_case code (quire-core's
    /// [`RuleError::code`] or one of the store's own, such as `manuscript_is_deleted`).
    #[error("{0}")]
    Rule(&'static str),
    /// A unique value (named) is already taken.
    #[error("{0} already in use")]
    Conflict(&'static str),
    #[error("unsupported database URL {0:?}: use sqlite://… or postgres://…")]
    UnsupportedUrl(String),
    #[error("corrupt stored data: {0}")]
    Corrupt(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl From<RuleError> for StoreError {
    fn from(e: RuleError) -> Self {
        match e {
            RuleError::NotFound => StoreError::NotFound,
            other => StoreError::Rule(other.code()),
        }
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> Self {
        StoreError::Corrupt(e.to_string())
    }
}
