//! The API test binary: the real server in-process (`quire_testkit::TestApp`), on SQLite and,
//! when `QUIRE_TEST_POSTGRES_URL` is set, on PostgreSQL too. The `collab_crash` and
//! `collab_two_servers` tests run the `quire` binary itself as child processes
//! (`quire_testkit::ServerProcess`).

mod access_matrix;
mod accounts;
mod activity;
mod chapter_content;
mod chapter_versions;
mod collab;
mod collab_client;
mod collab_crash;
mod collab_processes;
mod collab_two_servers;
mod config;
mod csrf;
mod durability;
mod envelope;
mod files;
mod live;
mod live_feed;
mod mail_delivery;
mod manuscripts;
mod nul;
mod openapi;
mod openapi_answers;
mod reference;
mod routes;
mod sharing;
mod stats;
mod to_dos;
mod two_factor;
mod uploads;
mod user_stats;
mod web;
