-- Share grants (product spec §6): a manuscript shared with a named user. permission is the
-- spec's sharing value: 1 Write (Editor), 2 Comment (Commenter), 3 Read (Viewer); removing
-- access deletes the row. The manuscript's rows stay its owner's; a grant lets the grantee
-- read them and, with Write, change them.
CREATE TABLE manuscript_grant (
    manuscript_id TEXT NOT NULL REFERENCES manuscript (id) ON DELETE CASCADE,
    user_id       TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    permission    INTEGER NOT NULL CHECK (permission IN (1, 2, 3)),
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    PRIMARY KEY (manuscript_id, user_id)
);

CREATE INDEX manuscript_grant_by_user ON manuscript_grant (user_id);
