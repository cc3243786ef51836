-- The activity log devices send (product spec §3 "Action log entry", §7 "Activity log batch"):
-- one row per entry, keyed by the id the device gave it, so that a batch sent twice is stored
-- once. `data` is the entry as sent (JSON). Kept 90 days.
CREATE TABLE activity_log (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    type        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    received_at BIGINT NOT NULL,
    data        TEXT NOT NULL
);

CREATE INDEX activity_log_by_user ON activity_log (user_id, created_at);
CREATE INDEX activity_log_by_received_at ON activity_log (received_at);
