-- Manuscript data (ADR 0005): one table per entity kind. Columns are what the server queries,
-- joins, validates or orders by; everything else is the kind's JSON document in doc.
-- Parent references are checked by the store in the same transaction as the write.

-- A folder of manuscripts and folders; folder_id is the parent (NULL at the root).
CREATE TABLE folder (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    folder_id      TEXT REFERENCES folder (id) ON DELETE SET NULL,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX folder_by_user ON folder (user_id);
CREATE INDEX folder_by_folder_id ON folder (folder_id);
CREATE INDEX folder_by_deleted_at ON folder (deleted_at);

-- A manuscript; its settings, goals, stats and meta live in doc.
CREATE TABLE manuscript (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    folder_id      TEXT REFERENCES folder (id) ON DELETE SET NULL,
    sort_order     REAL NOT NULL DEFAULT 0,
    title          TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX manuscript_by_user ON manuscript (user_id);
CREATE INDEX manuscript_by_folder_id ON manuscript (folder_id);
CREATE INDEX manuscript_by_deleted_at ON manuscript (deleted_at);

-- A group (a Section when its type is chapters) of outlines, chapters or elements.
CREATE TABLE manuscript_group (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX manuscript_group_by_user ON manuscript_group (user_id);
CREATE INDEX manuscript_group_by_manuscript ON manuscript_group (manuscript_id);
CREATE INDEX manuscript_group_by_deleted_at ON manuscript_group (deleted_at);

CREATE TABLE outline (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    group_id       TEXT REFERENCES manuscript_group (id) ON DELETE SET NULL,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX outline_by_user ON outline (user_id);
CREATE INDEX outline_by_manuscript ON outline (manuscript_id);
CREATE INDEX outline_by_group_id ON outline (group_id);
CREATE INDEX outline_by_deleted_at ON outline (deleted_at);

-- A chapter, or a subchapter when chapter_id names its parent chapter. The text itself is the chapter's Yjs document (ADR 0002).
CREATE TABLE chapter (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    group_id       TEXT REFERENCES manuscript_group (id) ON DELETE SET NULL,
    outline_id     TEXT REFERENCES outline (id) ON DELETE SET NULL,
    chapter_id     TEXT REFERENCES chapter (id) ON DELETE SET NULL,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX chapter_by_user ON chapter (user_id);
CREATE INDEX chapter_by_manuscript ON chapter (manuscript_id);
CREATE INDEX chapter_by_group_id ON chapter (group_id);
CREATE INDEX chapter_by_outline_id ON chapter (outline_id);
CREATE INDEX chapter_by_chapter_id ON chapter (chapter_id);
CREATE INDEX chapter_by_deleted_at ON chapter (deleted_at);

-- The derived HTML, plain text and word count of a chapter, for readers and stats.
CREATE TABLE chapter_content (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    chapter_id     TEXT REFERENCES chapter (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX chapter_content_by_user ON chapter_content (user_id);
CREATE INDEX chapter_content_by_manuscript ON chapter_content (manuscript_id);
CREATE INDEX chapter_content_by_chapter_id ON chapter_content (chapter_id);
CREATE INDEX chapter_content_by_deleted_at ON chapter_content (deleted_at);

CREATE TABLE chapter_version (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    chapter_id     TEXT REFERENCES chapter (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX chapter_version_by_user ON chapter_version (user_id);
CREATE INDEX chapter_version_by_manuscript ON chapter_version (manuscript_id);
CREATE INDEX chapter_version_by_chapter_id ON chapter_version (chapter_id);
CREATE INDEX chapter_version_by_deleted_at ON chapter_version (deleted_at);

CREATE TABLE element (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    group_id       TEXT REFERENCES manuscript_group (id) ON DELETE SET NULL,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX element_by_user ON element (user_id);
CREATE INDEX element_by_manuscript ON element (manuscript_id);
CREATE INDEX element_by_group_id ON element (group_id);
CREATE INDEX element_by_deleted_at ON element (deleted_at);

-- Manuscript notes, and global notes (manuscript_id NULL).
CREATE TABLE note (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT REFERENCES manuscript (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    title          TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX note_by_user ON note (user_id);
CREATE INDEX note_by_manuscript ON note (manuscript_id);
CREATE INDEX note_by_deleted_at ON note (deleted_at);

CREATE TABLE research (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX research_by_user ON research (user_id);
CREATE INDEX research_by_manuscript ON research (manuscript_id);
CREATE INDEX research_by_deleted_at ON research (deleted_at);

CREATE TABLE stash (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    chapter_id     TEXT REFERENCES chapter (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX stash_by_user ON stash (user_id);
CREATE INDEX stash_by_manuscript ON stash (manuscript_id);
CREATE INDEX stash_by_chapter_id ON stash (chapter_id);
CREATE INDEX stash_by_deleted_at ON stash (deleted_at);

-- To-dos of a chapter, a manuscript or the user (manuscript_id NULL).
CREATE TABLE todo (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT REFERENCES manuscript (id) ON DELETE CASCADE,
    chapter_id     TEXT REFERENCES chapter (id) ON DELETE SET NULL,
    sort_order     REAL NOT NULL DEFAULT 0,
    title          TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX todo_by_user ON todo (user_id);
CREATE INDEX todo_by_manuscript ON todo (manuscript_id);
CREATE INDEX todo_by_chapter_id ON todo (chapter_id);
CREATE INDEX todo_by_deleted_at ON todo (deleted_at);

CREATE TABLE plotboard (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX plotboard_by_user ON plotboard (user_id);
CREATE INDEX plotboard_by_manuscript ON plotboard (manuscript_id);
CREATE INDEX plotboard_by_deleted_at ON plotboard (deleted_at);

CREATE TABLE relationship_board (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX relationship_board_by_user ON relationship_board (user_id);
CREATE INDEX relationship_board_by_manuscript ON relationship_board (manuscript_id);
CREATE INDEX relationship_board_by_deleted_at ON relationship_board (deleted_at);

-- Words written, bucketed per hour (hour: epoch ms at the start of the hour).
CREATE TABLE word_count (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    hour           BIGINT NOT NULL,
    sort_order     REAL NOT NULL DEFAULT 0,
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT '',
    UNIQUE (user_id, manuscript_id, hour)
);

CREATE INDEX word_count_by_user ON word_count (user_id);
CREATE INDEX word_count_by_manuscript ON word_count (manuscript_id);
CREATE INDEX word_count_by_deleted_at ON word_count (deleted_at);

CREATE TABLE writing_session (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX writing_session_by_user ON writing_session (user_id);
CREATE INDEX writing_session_by_manuscript ON writing_session (manuscript_id);
CREATE INDEX writing_session_by_deleted_at ON writing_session (deleted_at);

-- Uploaded files (covers, images), of a manuscript or of the user.
CREATE TABLE upload (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    manuscript_id  TEXT REFERENCES manuscript (id) ON DELETE CASCADE,
    sort_order     REAL NOT NULL DEFAULT 0,
    name           TEXT NOT NULL DEFAULT '',
    doc            TEXT NOT NULL DEFAULT '{}',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    synced_at      BIGINT,
    deleted_at     BIGINT,
    last_device_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX upload_by_user ON upload (user_id);
CREATE INDEX upload_by_manuscript ON upload (manuscript_id);
CREATE INDEX upload_by_deleted_at ON upload (deleted_at);
