-- A chapter's text as a Yjs document (ADR 0002, DESIGN §4): a compacted snapshot in doc_head
-- and the updates written after it in doc_update, numbered per document. head_seq is the last
-- number given; an append updates it first, so appends to one document commit one at a time
-- and in order (another instance reading "after seq N" never skips one). Compaction replaces
-- the snapshot and deletes the updates it covers in one transaction.
CREATE TABLE doc_head (
    doc_id       TEXT PRIMARY KEY REFERENCES chapter (id) ON DELETE CASCADE,
    head_seq     BIGINT NOT NULL,
    snapshot_seq BIGINT NOT NULL DEFAULT 0,
    snapshot     BLOB,
    updated_at   BIGINT NOT NULL
);

CREATE TABLE doc_update (
    doc_id     TEXT NOT NULL REFERENCES doc_head (doc_id) ON DELETE CASCADE,
    seq        BIGINT NOT NULL,
    update_v1  BLOB NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (doc_id, seq)
);
