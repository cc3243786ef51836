-- Public reference data: seeded at start-up from crates/quire-store/seed/, read by everyone.

CREATE TABLE theme (
    id              BIGINT PRIMARY KEY,
    name            TEXT NOT NULL,
    internal_name   TEXT NOT NULL UNIQUE,
    primary_color   TEXT NOT NULL,
    secondary_color TEXT NOT NULL,
    sort_order      BIGINT NOT NULL
);

CREATE TABLE genre (
    id         BIGINT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    sort_order BIGINT NOT NULL
);

CREATE TABLE subscription_plan (
    id          BIGINT PRIMARY KEY,
    name        TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('app', 'ai', 'appwithai')),
    recommended INTEGER NOT NULL DEFAULT 0 CHECK (recommended IN (0, 1)),
    months      BIGINT NOT NULL CHECK (months IN (1, 12, 99)),
    price_tiers TEXT NOT NULL,
    enabled     INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1))
);

CREATE TABLE legal_document (
    id         BIGINT PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('terms', 'privacy_policy', 'refund_policy', 'ambassador_program_terms')),
    version    TEXT NOT NULL,
    content    TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (kind, version)
);

CREATE TABLE knowledge_base_category (
    id          BIGINT PRIMARY KEY,
    name        TEXT NOT NULL,
    slug        TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL,
    enabled     INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    sort_order  BIGINT NOT NULL
);

CREATE TABLE frontend_version (
    id         BIGINT PRIMARY KEY,
    version    TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- Built-in templates have no user_id; custom ones (save_as_template) belong to their author.
CREATE TABLE template (
    id          TEXT PRIMARY KEY,
    user_id     TEXT,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    category    TEXT NOT NULL CHECK (category IN ('fiction', 'non_fiction', 'screenplay', 'custom')),
    structure   TEXT NOT NULL,
    enabled     INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    sort_order  BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    deleted_at  BIGINT
);

CREATE INDEX template_by_user ON template (user_id);
