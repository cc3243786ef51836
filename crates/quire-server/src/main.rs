//! `quire`: starts the server, or prints its default configuration or OpenAPI document.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use quire_server::{AppState, Config, serve, shutdown_signal, telemetry};

#[derive(Parser)]
#[command(
    name = "quire",
    version,
    about = "Quire: the offline-first writing application's server"
)]
struct Cli {
    /// A configuration file (default: ./quire.toml when present). Also QUIRE_CONFIG.
    #[arg(long, global = true, env = "QUIRE_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Start the server (the default).
    Serve,
    /// Configuration helpers.
    Config {
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// Print the OpenAPI document of /api/v4.
    Openapi,
}

#[derive(Subcommand)]
enum ConfigCommand {
    /// Print the commented default quire.toml.
    PrintDefault,
    /// Validate the configuration and report every problem.
    Check,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let load = || {
        let env: HashMap<String, String> = std::env::vars().collect();
        Config::load(cli.config.as_deref(), &env)
    };
    match cli.command.unwrap_or(Command::Serve) {
        Command::Config {
            command: ConfigCommand::PrintDefault,
        } => {
            print!("{}", Config::default_file());
            ExitCode::SUCCESS
        }
        Command::Config {
            command: ConfigCommand::Check,
        } => match load() {
            Ok(_) => {
                println!("configuration is valid");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprint!("{e}");
                ExitCode::from(2)
            }
        },
        Command::Openapi => {
            print!("{}", quire_server::http::openapi::document());
            ExitCode::SUCCESS
        }
        Command::Serve => match load() {
            Ok(config) => run(config),
            Err(e) => {
                eprint!("{e}");
                ExitCode::from(2)
            }
        },
    }
}

fn run(config: Config) -> ExitCode {
    telemetry::init(config.log_format, &config.log_level);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let listen = config.listen;
        let public_url = config.public_url.clone();
        let state = AppState::open(config).await?;
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {listen}: {e}"))?;
        let local = listener.local_addr()?;
        tracing::info!(address = %local, backend = ?state.store.backend(), "Quire is ready");
        println!("Quire is running on http://{local} (public URL {public_url})");
        serve(listener, state, shutdown_signal()).await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "Quire stopped");
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
