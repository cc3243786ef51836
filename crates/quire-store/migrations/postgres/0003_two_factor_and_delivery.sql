-- Two-factor sign-in (TOTP and SMS), the SMS outbox, and mail delivery over SMTP.

-- An account's second factor. No row means mfa_enabled = none. totp_secret is a credential:
-- read only to check codes, never sent to a client after set-up, never in the settings JSON.
CREATE TABLE user_mfa (
    user_id         TEXT PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
    method          TEXT NOT NULL CHECK (method IN ('totp', 'sms')),
    totp_factor_sid TEXT,
    totp_secret     TEXT,
    -- The last TOTP time step accepted, so that each code works once.
    totp_last_step  BIGINT,
    sms_phone       TEXT,
    updated_at      BIGINT NOT NULL
);

-- A TOTP set-up between step 1 (secret shown) and step 2 (first code checked).
CREATE TABLE mfa_totp_setup (
    factor_sid TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    secret     TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX mfa_totp_setup_by_user ON mfa_totp_setup (user_id);

-- A code sent by SMS, to set SMS up or to sign in. Only the code's hash is kept.
CREATE TABLE mfa_sms_code (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('enable', 'login')),
    phone      TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    attempts   BIGINT NOT NULL DEFAULT 0,
    sent_at    BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);

CREATE INDEX mfa_sms_code_by_user ON mfa_sms_code (user_id, sent_at);

-- The second step of a sign-in whose password was accepted. Only the token's hash is kept.
CREATE TABLE mfa_login (
    token_hash     TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    method         TEXT NOT NULL CHECK (method IN ('totp', 'sms')),
    keep_logged_in INTEGER NOT NULL CHECK (keep_logged_in IN (0, 1)),
    sms_code_id    TEXT REFERENCES mfa_sms_code (id) ON DELETE CASCADE,
    attempts       BIGINT NOT NULL DEFAULT 0,
    expires_at     BIGINT NOT NULL,
    used_at        BIGINT,
    created_at     BIGINT NOT NULL
);

CREATE INDEX mfa_login_by_user ON mfa_login (user_id);

-- Every SMS Quire sends when no gateway is configured: this table (and the log) is the
-- delivery, as mail_outbox is for mail.
CREATE TABLE sms_outbox (
    id         TEXT PRIMARY KEY,
    user_id    TEXT REFERENCES app_user (id) ON DELETE CASCADE,
    recipient  TEXT NOT NULL,
    body_text  TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX sms_outbox_by_recipient ON sms_outbox (recipient);

-- Mail delivery over SMTP: the tries so far, and when the next may start (also the lease a
-- sender holds while it sends).
ALTER TABLE mail_outbox ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at BIGINT;

CREATE INDEX mail_outbox_unsent ON mail_outbox (sent_at, created_at);
