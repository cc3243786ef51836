//! argon2id password hashing, off the async runtime (`spawn_blocking`): a hash is deliberately
//! slow CPU work and must not stall other requests.

use std::sync::LazyLock;

use anyhow::Context;
use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// A hash of a password nobody has, verified when the email is unknown so that a wrong email
/// and a wrong password take the same time.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    Argon2::default()
        .hash_password(b"quire-dummy-password-for-timing")
        .map(|h| h.to_string())
        .unwrap_or_default()
});

/// Hashes `password` with argon2id (default parameters, random salt) into a PHC string.
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("argon2 hash failed: {e}"))
    })
    .await
    .context("the hashing task failed")?
}

/// Whether `password` matches `stored`. With `stored == None` (unknown email, or an account
/// without a password) a dummy hash is verified and the answer is `false`.
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let (phc, real) = match stored {
            Some(phc) => (phc, true),
            None => (DUMMY_HASH.clone(), false),
        };
        let parsed = PasswordHash::new(&phc).map_err(|e| anyhow::anyhow!("stored hash: {e}"))?;
        let matches = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        Ok(real && matches)
    })
    .await
    .context("the verification task failed")?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hashed_password_verifies_and_a_wrong_one_does_not() {
        let stored = hash("correct horse".to_owned()).await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(
            verify("correct horse".to_owned(), Some(stored.clone()))
                .await
                .unwrap()
        );
        assert!(
            !verify("wrong horse".to_owned(), Some(stored))
                .await
                .unwrap()
        );
    }

    #[tokio::test]
    async fn without_a_stored_hash_nothing_verifies() {
        assert!(
            !verify("quire-dummy-password-for-timing".to_owned(), None)
                .await
                .unwrap()
        );
    }
}
