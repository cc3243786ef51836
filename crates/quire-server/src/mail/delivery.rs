//! SMTP delivery of the mail outbox (lettre over rustls). `serve` starts one task when
//! `smtp_url` is set: it claims due messages, hands them to the SMTP server, records the
//! hand-over (`sent_at`) or the error, and tries again later with growing waits. It wakes when
//! mail is queued and every [`POLL`] otherwise, and stops when the server shuts down.
//!
//! Without SMTP the task is not started and the outbox table and the log stay the delivery.
//! What a message says is the parent module's business, not this one's.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use quire_core::time::now_ms;
use quire_store::Store;
use quire_store::mail_delivery::{Claim, QueuedMail};
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use crate::AppState;
use crate::config::{SmtpSecurity, SmtpSettings};

/// Tries before a message is given up (the waits between them add up to about three hours).
pub const MAX_ATTEMPTS: i64 = 10;
/// How often due retries are looked for when nothing new is queued.
pub const POLL: Duration = Duration::from_secs(15);
/// How long a claimed message is this sender's before another may take it.
const LEASE_MS: i64 = 2 * 60 * 1000;
/// Messages older than this are not sent: a link in them has likely lapsed, and an install
/// that only now set SMTP up delivered them through the log.
const MAX_AGE_MS: i64 = 24 * 60 * 60 * 1000;
/// Messages claimed at a time.
const BATCH: i64 = 20;
/// One SMTP conversation's time limit.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// The wait before try `failed_attempts + 1`: 30 s after the first failure, doubling, at most
/// an hour.
pub fn retry_delay_ms(failed_attempts: i64) -> i64 {
    let exponent = u32::try_from(failed_attempts.saturating_sub(1).clamp(0, 20)).unwrap_or(20);
    (30_000_i64 << exponent).min(60 * 60 * 1000)
}

/// Starts delivery when SMTP is configured; the task ends when `stop` turns true.
pub fn spawn(
    app: &AppState,
    stop: watch::Receiver<bool>,
) -> anyhow::Result<Option<JoinHandle<()>>> {
    let Some(smtp) = &app.config.smtp else {
        return Ok(None);
    };
    let mailer = Mailer::new(smtp, &app.config.mail_from)?;
    tracing::info!(host = %smtp.host, port = smtp.port, security = ?smtp.security, "mail is delivered over SMTP");
    Ok(Some(tokio::spawn(run(
        app.store.clone(),
        mailer,
        app.mail_queued.clone(),
        stop,
    ))))
}

async fn run(store: Store, mailer: Mailer, queued: Arc<Notify>, mut stop: watch::Receiver<bool>) {
    loop {
        if let Err(e) = deliver_due(&store, &mailer, &stop).await {
            tracing::error!(error = %e, "mail delivery could not read the outbox");
        }
        tokio::select! {
            changed = stop.changed() => if changed.is_err() { break },
            () = queued.notified() => {},
            () = tokio::time::sleep(POLL) => {},
        }
        if *stop.borrow() {
            break;
        }
    }
    tracing::debug!("mail delivery stopped");
}

/// Sends every due message, a batch at a time, until none is left or `stop` turns true.
async fn deliver_due(
    store: &Store,
    mailer: &Mailer,
    stop: &watch::Receiver<bool>,
) -> anyhow::Result<()> {
    loop {
        let now = now_ms();
        let batch = store
            .claim_due_mail(&Claim {
                now,
                lease_until: now + LEASE_MS,
                created_after: now - MAX_AGE_MS,
                max_attempts: MAX_ATTEMPTS,
                limit: BATCH,
            })
            .await?;
        let full = i64::try_from(batch.len()).unwrap_or(BATCH) >= BATCH;
        for mail in batch {
            if *stop.borrow() {
                // Unsent claims lapse with their lease and are picked up after the restart.
                return Ok(());
            }
            deliver(store, mailer, &mail).await?;
        }
        if !full {
            return Ok(());
        }
    }
}

async fn deliver(store: &Store, mailer: &Mailer, mail: &QueuedMail) -> anyhow::Result<()> {
    let tries = mail.attempts + 1;
    match mailer.send(mail).await {
        Ok(()) => {
            store.mail_delivered(&mail.id, now_ms()).await?;
            tracing::info!(mail_id = %mail.id, "mail handed to the SMTP server");
        }
        Err(failure) => {
            let (attempts, next) = if failure.permanent || tries >= MAX_ATTEMPTS {
                (MAX_ATTEMPTS, now_ms())
            } else {
                (tries, now_ms() + retry_delay_ms(tries))
            };
            store
                .mail_delivery_failed(&mail.id, &failure.reason, attempts, next)
                .await?;
            if attempts >= MAX_ATTEMPTS {
                tracing::error!(mail_id = %mail.id, reason = %failure.reason, "mail given up");
            } else {
                tracing::warn!(mail_id = %mail.id, reason = %failure.reason, tries, "mail not delivered; will try again");
            }
        }
    }
    Ok(())
}

/// Why a message was not handed over, and whether trying again could help.
#[derive(Debug)]
struct Failure {
    permanent: bool,
    reason: String,
}

impl Failure {
    fn permanent(reason: impl Into<String>) -> Self {
        Failure {
            permanent: true,
            reason: reason.into(),
        }
    }
}

/// An SMTP transport and the sender address.
struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    fn new(smtp: &SmtpSettings, from: &str) -> anyhow::Result<Mailer> {
        let from: Mailbox = from
            .parse()
            .with_context(|| format!("mail_from {from:?} is not a mailbox"))?;
        let tls = |host: &str| TlsParameters::new(host.to_owned()).context("TLS for SMTP");
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host)
            .port(smtp.port)
            .timeout(Some(SMTP_TIMEOUT));
        builder = match smtp.security {
            SmtpSecurity::Plain => builder.tls(Tls::None),
            SmtpSecurity::StartTls => builder.tls(Tls::Required(tls(&smtp.host)?)),
            SmtpSecurity::Tls => builder.tls(Tls::Wrapper(tls(&smtp.host)?)),
        };
        if let Some(user) = &smtp.username {
            let password = smtp
                .password
                .as_ref()
                .map(|p| p.expose().to_owned())
                .unwrap_or_default();
            builder = builder.credentials(Credentials::new(user.clone(), password));
        }
        Ok(Mailer {
            transport: builder.build(),
            from,
        })
    }

    async fn send(&self, mail: &QueuedMail) -> Result<(), Failure> {
        let to: Mailbox = mail
            .recipient
            .parse()
            .map_err(|e| Failure::permanent(format!("recipient: {e}")))?;
        let message = lettre::Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject.clone())
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body_text.clone())
            .map_err(|e| Failure::permanent(format!("message: {e}")))?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| Failure {
                permanent: e.is_permanent(),
                reason: e.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_thirty_seconds_then_double_up_to_an_hour() {
        assert_eq!(retry_delay_ms(1), 30_000);
        assert_eq!(retry_delay_ms(2), 60_000);
        assert_eq!(retry_delay_ms(3), 120_000);
        assert_eq!(retry_delay_ms(8), 3_600_000);
        assert_eq!(retry_delay_ms(40), 3_600_000);
        let total: i64 = (1..MAX_ATTEMPTS).map(retry_delay_ms).sum();
        assert!(
            (2 * 3_600_000..4 * 3_600_000).contains(&total),
            "about three hours: {total}"
        );
    }
}
