//! The `quire` server: configuration, the HTTP API, and the web app, wired over
//! [`quire_store::Store`].
//!
//! `main.rs` only parses the command line; everything else lives here so that tests can start
//! the same server in-process (`quire-testkit`).

pub mod auth;
pub mod chapter_text;
pub mod collab;
pub mod config;
pub mod error;
pub mod events;
pub mod http;
pub mod live;
pub mod mail;
pub mod manuscript_files;
pub mod objects;
pub mod sms;
pub mod telemetry;
pub mod trash;
pub mod versions;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::serve::ListenerExt;
use quire_store::Store;
use tokio::net::TcpListener;
use tokio::sync::{Notify, watch};

pub use config::Config;

/// What every handler can reach.
#[derive(Debug, Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    pub limiter: Arc<auth::rate_limit::RateLimiter>,
    /// Where two-factor codes are texted: the configured gateway, or the SMS outbox.
    pub sms: Arc<dyn sms::SmsSender>,
    /// Rung when mail is queued, so that SMTP delivery starts at once.
    pub mail_queued: Arc<Notify>,
    /// Where uploaded files' bytes are kept: `<data_dir>/uploads`.
    pub objects: Arc<dyn objects::ObjectStore>,
    /// Where every committed change is published (the change feed, ADR 0016).
    pub events: Arc<events::Feed>,
    /// The live channel's open sockets (`/api/v4/ws`, ADR 0009).
    pub live: Arc<live::Hub>,
    /// The open chapter documents (`/api/v4/collab`, ADR 0010).
    pub collab: Arc<collab::CollabHub>,
    /// The collaboration sockets by user, to reset them when access changes.
    pub collab_sockets: Arc<collab::Sockets>,
    /// Cancelled when the server stops: closes every collaboration socket (1001).
    pub collab_stop: tokio_util::sync::CancellationToken,
}

impl AppState {
    /// Prepares the data directory and opens (creating, migrating, seeding) the database.
    pub async fn open(config: Config) -> anyhow::Result<AppState> {
        std::fs::create_dir_all(&config.data_dir).with_context(|| {
            format!(
                "cannot create the data directory {}",
                config.data_dir.display()
            )
        })?;
        let store = Store::open(config.database_url.expose())
            .await
            .context("cannot open the database")?;
        let sms = sms::from_config(&config, &store)?;
        let store_for_docs = store.clone();
        if !config.compaction_test_delay.is_zero() {
            tracing::warn!(
                delay_ms = config.compaction_test_delay.as_millis() as u64,
                "{} is set: compactions pause before their swap (a test hook)",
                config::TEST_COMPACTION_DELAY
            );
        }
        let rooms = quire_collab::RoomConfig {
            pause_before_swap: config.compaction_test_delay,
            ..quire_collab::RoomConfig::default()
        };
        let objects = Arc::new(objects::LocalDir::in_data_dir(&config.data_dir));
        Ok(AppState {
            store,
            config: Arc::new(config),
            limiter: Arc::default(),
            sms,
            mail_queued: Arc::default(),
            objects,
            events: Arc::new(events::Feed::new(&store_for_docs)),
            live: Arc::default(),
            collab: quire_collab::Hub::new(Arc::new(collab::StoreLog::new(store_for_docs)), rooms),
            collab_sockets: Arc::default(),
            collab_stop: tokio_util::sync::CancellationToken::new(),
        })
    }

    /// Whether session cookies carry `Secure` (https, or loopback).
    pub fn cookies_secure(&self) -> bool {
        auth::cookies::secure_for(&self.config.public_url)
    }
}

/// How long shutdown waits for a message being handed to the SMTP server.
const DELIVERY_STOP_GRACE: Duration = Duration::from_secs(30);

/// Serves `state` on `listener` until `shutdown` resolves, then finishes in-flight requests,
/// stops mail delivery and the trash purge and closes the database. Mail delivery over SMTP
/// runs beside the server when `smtp_url` is set; the trash purge always does.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let store = state.store.clone();
    let (stop_delivery, stopping) = watch::channel(false);
    let delivery = mail::delivery::spawn(&state, stopping.clone())?;
    let purge = trash::spawn(store.clone(), state.objects.clone(), stopping.clone());
    let versions = versions::spawn(state.clone(), stopping);
    let live = state.live.clone();
    let (collab, collab_stop) = (state.collab.clone(), state.collab_stop.clone());
    let stop_doorbell = collab_stop.clone();
    let doorbell = collab::spawn_doorbell(store.clone(), collab.clone(), collab_stop.clone());
    let stop_feed = tokio_util::sync::CancellationToken::new();
    let feed = events::feed::spawn(&state, stop_feed.clone()).await;
    let app = http::router(state);
    // The sockets send many small frames (acknowledgements, relayed keystrokes): with Nagle's
    // algorithm each one after the first waits for the peer's delayed ACK, up to 40 ms.
    let listener = listener.tap_io(|tcp| {
        if let Err(error) = tcp.set_nodelay(true) {
            tracing::debug!(%error, "cannot set TCP_NODELAY on a connection");
        }
    });
    // Sockets never finish on their own: close them (1001) when shutdown starts, so that the
    // graceful shutdown does not wait for them. Rooms finish the write in hand first.
    let shutdown = async move {
        shutdown.await;
        live.close_all();
        collab_stop.cancel();
        collab.shutdown().await;
    };
    let served = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
    .context("the HTTP server failed");
    let _ = stop_delivery.send(true);
    let _ = purge.await;
    let _ = versions.await;
    stop_doorbell.cancel();
    let _ = doorbell.await;
    stop_feed.cancel();
    for task in feed {
        let _ = task.await;
    }
    if let Some(delivery) = delivery
        && tokio::time::timeout(DELIVERY_STOP_GRACE, delivery)
            .await
            .is_err()
    {
        tracing::warn!("mail delivery did not stop in time");
    }
    store.close().await;
    served
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
