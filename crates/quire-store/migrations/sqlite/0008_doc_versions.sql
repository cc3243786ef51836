-- The automatic versions of a chapter's document (ADR 0011): version_seq is the head_seq the
-- snapshot job has looked at (a document whose head_seq is past it was edited since), and
-- version_at when it last took an automatic version (at most one per 15 minutes of editing).
-- The job claims a document by a conditional update of these two, so two instances on one
-- database never both snapshot it. Documents written before this start as looked at.
ALTER TABLE doc_head ADD COLUMN version_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE doc_head ADD COLUMN version_at BIGINT;
UPDATE doc_head SET version_seq = head_seq;
