//! Text messages (two-factor codes): the [`SmsSender`] port and its two adapters — an HTTP
//! gateway when `sms_gateway_url` is set, otherwise the `sms_outbox` table and the log, so that
//! the default install works with no SMS provider (as mail does without SMTP).
//!
//! This module sends what it is given; which code goes out, and when, is decided by the
//! two-factor flows.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use quire_core::Id;
use quire_core::mfa::masked_phone;
use quire_core::time::now_ms;
use quire_store::Store;
use quire_store::two_factor::OutgoingSms;
use serde::Serialize;

use crate::config::{Config, Secret, SmsGatewaySettings};

/// What [`SmsSender::send`] returns.
pub type SendFuture<'a> = Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>>;

/// Sends a text to a phone.
pub trait SmsSender: Send + Sync + fmt::Debug {
    /// Sends `text` to `to` (`+` and digits) on behalf of `user_id`. `Err` means it was not
    /// sent; the caller tells the user.
    fn send<'a>(&'a self, user_id: Option<&'a str>, to: &'a str, text: &'a str) -> SendFuture<'a>;
}

/// The sender the configuration asks for.
pub fn from_config(config: &Config, store: &Store) -> anyhow::Result<Arc<dyn SmsSender>> {
    Ok(match &config.sms_gateway {
        Some(gateway) => Arc::new(HttpSmsGateway::new(gateway)?),
        None => Arc::new(SmsOutbox {
            store: store.clone(),
        }),
    })
}

/// Keeps each text in the `sms_outbox` table and logs that it did (never the text: it holds a
/// code). For installs without a gateway, and for tests.
#[derive(Debug, Clone)]
pub struct SmsOutbox {
    store: Store,
}

impl SmsSender for SmsOutbox {
    fn send<'a>(&'a self, user_id: Option<&'a str>, to: &'a str, text: &'a str) -> SendFuture<'a> {
        Box::pin(async move {
            let sms = OutgoingSms {
                id: Id::random().to_string(),
                user_id: user_id.map(str::to_owned),
                recipient: to.to_owned(),
                body_text: text.to_owned(),
                created_at: now_ms(),
            };
            self.store
                .record_sms(&sms)
                .await
                .context("the SMS outbox")?;
            tracing::info!(sms_id = %sms.id, to = %masked_phone(to), "sms kept in the outbox (no gateway configured)");
            Ok(())
        })
    }
}

/// POSTs `{"to": …, "text": …}` as JSON to the gateway, with `Authorization: Bearer <token>`
/// when a token is configured. Any 2xx answer means sent.
#[derive(Debug, Clone)]
pub struct HttpSmsGateway {
    client: reqwest::Client,
    url: String,
    token: Option<Secret>,
}

#[derive(Serialize)]
struct GatewayRequest<'a> {
    to: &'a str,
    text: &'a str,
}

impl HttpSmsGateway {
    pub fn new(settings: &SmsGatewaySettings) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(15))
            .connect_timeout(Duration::from_secs(5))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .context("cannot build the SMS gateway's HTTP client")?;
        Ok(HttpSmsGateway {
            client,
            url: settings.url.clone(),
            token: settings.token.clone(),
        })
    }
}

impl SmsSender for HttpSmsGateway {
    fn send<'a>(&'a self, _user_id: Option<&'a str>, to: &'a str, text: &'a str) -> SendFuture<'a> {
        Box::pin(async move {
            let mut request = self
                .client
                .post(&self.url)
                .json(&GatewayRequest { to, text });
            if let Some(token) = &self.token {
                request = request.bearer_auth(token.expose());
            }
            let response = request
                .send()
                .await
                .context("the SMS gateway did not answer")?;
            let status = response.status();
            if !status.is_success() {
                anyhow::bail!("the SMS gateway refused the text with HTTP {status}");
            }
            tracing::info!(to = %masked_phone(to), "sms handed to the gateway");
            Ok(())
        })
    }
}
