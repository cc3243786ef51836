//! Mail: the messages Quire sends (verify email, reset password, email changed, account
//! deleted) in English and Spanish, recorded in the `mail_outbox` table and the log. Delivery
//! over SMTP, when configured, reads from the same outbox ([`delivery`]).

pub mod delivery;

use axum::http::HeaderMap;
use quire_core::Id;
use quire_core::time::now_ms;
use quire_store::accounts::OutgoingMail;

use crate::AppState;

/// The language of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Es,
}

impl Lang {
    /// The language the request prefers (`Accept-Language`), English unless Spanish comes first.
    pub fn from_headers(headers: &HeaderMap) -> Lang {
        let first = headers
            .get("accept-language")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .map(|tag| tag.trim().to_ascii_lowercase());
        match first {
            Some(tag) if tag == "es" || tag.starts_with("es-") => Lang::Es,
            _ => Lang::En,
        }
    }
}

/// A message Quire sends.
#[derive(Debug, Clone)]
pub enum Message<'a> {
    VerifyEmail { name: &'a str, link: &'a str },
    ResetPassword { name: &'a str, link: &'a str },
    EmailChanged { name: &'a str, new_email: &'a str },
    AccountDeleted { name: &'a str },
}

impl Message<'_> {
    fn kind(&self) -> &'static str {
        match self {
            Message::VerifyEmail { .. } => "verify_email",
            Message::ResetPassword { .. } => "reset_password",
            Message::EmailChanged { .. } => "email_changed",
            Message::AccountDeleted { .. } => "account_deleted",
        }
    }

    /// Subject and plain-text body.
    fn render(&self, lang: Lang) -> (String, String) {
        match (self, lang) {
            (Message::VerifyEmail { name, link }, Lang::En) => (
                "Confirm your email for Quire".to_owned(),
                format!(
                    "Hello {name},\n\nPlease confirm your email address by opening this link:\n\n{link}\n\nThe link works for 7 days. If you did not create a Quire account, you can ignore this message.\n\n— Quire\n"
                ),
            ),
            (Message::VerifyEmail { name, link }, Lang::Es) => (
                "Confirma tu correo en Quire".to_owned(),
                format!(
                    "Hola {name}:\n\nConfirma tu dirección de correo abriendo este enlace:\n\n{link}\n\nEl enlace funciona durante 7 días. Si no has creado una cuenta en Quire, ignora este mensaje.\n\n— Quire\n"
                ),
            ),
            (Message::ResetPassword { name, link }, Lang::En) => (
                "Reset your Quire password".to_owned(),
                format!(
                    "Hello {name},\n\nSomeone asked to reset the password of your Quire account. To choose a new password, open this link:\n\n{link}\n\nThe link works once, for 1 hour. If it was not you, ignore this message: your password stays as it is.\n\n— Quire\n"
                ),
            ),
            (Message::ResetPassword { name, link }, Lang::Es) => (
                "Restablece tu contraseña de Quire".to_owned(),
                format!(
                    "Hola {name}:\n\nAlguien ha pedido restablecer la contraseña de tu cuenta de Quire. Para elegir una nueva, abre este enlace:\n\n{link}\n\nEl enlace funciona una sola vez, durante 1 hora. Si no has sido tú, ignora este mensaje: tu contraseña no cambia.\n\n— Quire\n"
                ),
            ),
            (Message::EmailChanged { name, new_email }, Lang::En) => (
                "Your Quire email address was changed".to_owned(),
                format!(
                    "Hello {name},\n\nThe email address of your Quire account was changed to {new_email}. If you did not do this, reset your password and contact us at once.\n\n— Quire\n"
                ),
            ),
            (Message::EmailChanged { name, new_email }, Lang::Es) => (
                "Se ha cambiado tu correo de Quire".to_owned(),
                format!(
                    "Hola {name}:\n\nLa dirección de correo de tu cuenta de Quire se ha cambiado a {new_email}. Si no has sido tú, restablece tu contraseña y escríbenos cuanto antes.\n\n— Quire\n"
                ),
            ),
            (Message::AccountDeleted { name }, Lang::En) => (
                "Your Quire account was deleted".to_owned(),
                format!(
                    "Hello {name},\n\nYour Quire account and everything in it have been deleted, and every device was signed out. Thank you for writing with us.\n\n— Quire\n"
                ),
            ),
            (Message::AccountDeleted { name }, Lang::Es) => (
                "Tu cuenta de Quire se ha eliminado".to_owned(),
                format!(
                    "Hola {name}:\n\nTu cuenta de Quire y todo su contenido se han eliminado, y se ha cerrado la sesión en todos los dispositivos. Gracias por escribir con nosotros.\n\n— Quire\n"
                ),
            ),
        }
    }
}

/// Queues `message` to `recipient`. A failure to queue is logged, never shown to the user: the
/// action that sent it has already succeeded.
pub async fn send(
    app: &AppState,
    user_id: Option<&str>,
    recipient: &str,
    lang: Lang,
    message: Message<'_>,
) {
    let (subject, body_text) = message.render(lang);
    let mail = OutgoingMail {
        id: Id::random().to_string(),
        user_id: user_id.map(str::to_owned),
        recipient: recipient.to_owned(),
        kind: message.kind().to_owned(),
        subject,
        body_text,
        created_at: now_ms(),
    };
    match app.store.queue_mail(&mail).await {
        Ok(()) => {
            tracing::info!(kind = %mail.kind, mail_id = %mail.id, "mail queued");
            app.mail_queued.notify_one();
        }
        Err(e) => tracing::error!(error = %e, kind = %mail.kind, "mail could not be queued"),
    }
}

/// An absolute link into the web app.
pub fn link(app: &AppState, path_and_query: &str) -> String {
    format!("{}{}", app.config.public_url, path_and_query)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn spanish_is_chosen_only_when_the_browser_prefers_it() {
        let mut h = HeaderMap::new();
        assert_eq!(Lang::from_headers(&h), Lang::En);
        h.insert(
            "accept-language",
            HeaderValue::from_static("es-ES,es;q=0.9,en;q=0.8"),
        );
        assert_eq!(Lang::from_headers(&h), Lang::Es);
        h.insert(
            "accept-language",
            HeaderValue::from_static("en-GB,es;q=0.5"),
        );
        assert_eq!(Lang::from_headers(&h), Lang::En);
    }

    #[test]
    fn every_message_has_a_subject_and_a_body_in_both_languages() {
        let messages = [
            Message::VerifyEmail {
                name: "Ana",
                link: "http://x/v",
            },
            Message::ResetPassword {
                name: "Ana",
                link: "http://x/r",
            },
            Message::EmailChanged {
                name: "Ana",
                new_email: "b@x.io",
            },
            Message::AccountDeleted { name: "Ana" },
        ];
        for m in messages {
            for lang in [Lang::En, Lang::Es] {
                let (subject, body) = m.render(lang);
                assert!(
                    !subject.is_empty() && body.contains("Ana"),
                    "{m:?} {lang:?}"
                );
            }
        }
    }
}
