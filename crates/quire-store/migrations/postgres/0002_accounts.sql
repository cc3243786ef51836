-- Accounts: users, their sessions (one row per signed-in device) and the mail outbox.

CREATE TABLE app_user (
    id                TEXT PRIMARY KEY,
    name              TEXT NOT NULL,
    email             TEXT NOT NULL,
    -- Lower-cased and trimmed: the identity used for sign-in and uniqueness.
    email_normalized  TEXT NOT NULL UNIQUE,
    -- NULL for accounts made through a sign-in provider that never set a password.
    password_hash     TEXT,
    level             BIGINT NOT NULL DEFAULT 1,
    price_tier        BIGINT NOT NULL DEFAULT 1,
    email_verified_at BIGINT,
    meta              TEXT NOT NULL DEFAULT '{}',
    settings          TEXT NOT NULL DEFAULT '{}',
    gift_uid          TEXT,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);

-- A signed-in device. Tokens are random and only their SHA-256 is stored. The refresh token
-- rotates on every use; retired ones are kept so that a replay is recognised as theft.
CREATE TABLE user_session (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    access_hash        TEXT NOT NULL UNIQUE,
    access_expires_at  BIGINT NOT NULL,
    refresh_hash       TEXT NOT NULL UNIQUE,
    refresh_expires_at BIGINT NOT NULL,
    keep_logged_in     INTEGER NOT NULL CHECK (keep_logged_in IN (0, 1)),
    user_agent         TEXT NOT NULL DEFAULT '',
    platform           TEXT NOT NULL DEFAULT '',
    ip                 TEXT NOT NULL DEFAULT '',
    created_at         BIGINT NOT NULL,
    last_seen_at       BIGINT NOT NULL,
    revoked_at         BIGINT
);

CREATE INDEX user_session_by_user ON user_session (user_id);

CREATE TABLE retired_refresh_token (
    hash       TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES user_session (id) ON DELETE CASCADE,
    retired_at BIGINT NOT NULL
);

CREATE INDEX retired_refresh_token_by_session ON retired_refresh_token (session_id);

-- Every message Quire sends. Without SMTP configured this table (and the log) is the
-- delivery; with SMTP, sent_at records the hand-over.
CREATE TABLE mail_outbox (
    id         TEXT PRIMARY KEY,
    user_id    TEXT REFERENCES app_user (id) ON DELETE SET NULL,
    recipient  TEXT NOT NULL,
    kind       TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body_text  TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at    BIGINT,
    error      TEXT
);

-- Single-use links sent by mail (verify email, reset password). Only the SHA-256 is stored.
CREATE TABLE email_token (
    hash       TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('verify_email', 'reset_password')),
    email      TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT,
    created_at BIGINT NOT NULL
);

CREATE INDEX email_token_by_user ON email_token (user_id);
