/**
 * Comment threads, kept in the chapter's own Y.Doc (`doc.getMap('comments')`) so they sync,
 * merge and work offline exactly like the text. The text holds only the anchor (the `comment`
 * mark with the thread's id); the thread is a Y.Map here:
 * `{ id, author_id, author_name, body, created_at, resolved, replies: Y.Array<Y.Map> }`.
 */
import * as Y from 'yjs';

import { COMMENT_ID } from './extensions/comment-mark';

export const COMMENTS_MAP = 'comments';

export interface CommentAuthor {
  id: string;
  name: string;
}

export interface CommentReply {
  id: string;
  authorId: string;
  authorName: string;
  body: string;
  createdAt: string;
}

export interface CommentThread extends CommentReply {
  resolved: boolean;
  replies: CommentReply[];
}

export interface CommentsStoreOptions {
  /** Clock and id source, injected for tests. */
  now?: () => Date;
  newId?: () => string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 22-character random id (the form of every entity id), valid as a comment or footnote id. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(22));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

function str(map: Y.Map<unknown>, key: string): string {
  const value = map.get(key);
  return typeof value === 'string' ? value : '';
}

function readReply(map: Y.Map<unknown>): CommentReply {
  return {
    id: str(map, 'id'),
    authorId: str(map, 'author_id'),
    authorName: str(map, 'author_name'),
    body: str(map, 'body'),
    createdAt: str(map, 'created_at'),
  };
}

function readThread(map: Y.Map<unknown>): CommentThread {
  const replies = map.get('replies');
  return {
    ...readReply(map),
    resolved: map.get('resolved') === true,
    replies:
      replies instanceof Y.Array
        ? (replies.toArray() as unknown[])
            .filter((r) => r instanceof Y.Map)
            .map((r) => readReply(r))
        : [],
  };
}

function entry(id: string, author: CommentAuthor, body: string, at: Date): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  map.set('id', id);
  map.set('author_id', author.id);
  map.set('author_name', author.name);
  map.set('body', body);
  map.set('created_at', at.toISOString());
  return map;
}

export interface CommentsStore {
  /** Every thread, oldest first. */
  list(): CommentThread[];
  get(id: string): CommentThread | null;
  /** Starts a thread; returns its id (to put on the `comment` mark). */
  add(author: CommentAuthor, body: string): string;
  reply(threadId: string, author: CommentAuthor, body: string): boolean;
  setResolved(threadId: string, resolved: boolean): boolean;
  remove(threadId: string): boolean;
  /** Called after any change to the threads (local or remote); returns an unsubscribe. */
  observe(listener: () => void): () => void;
}

export function commentsStore(doc: Y.Doc, options: CommentsStoreOptions = {}): CommentsStore {
  const threads = doc.getMap<Y.Map<unknown>>(COMMENTS_MAP);
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomId;

  const thread = (id: string) => {
    const value = threads.get(id);
    return value instanceof Y.Map ? value : null;
  };

  return {
    list() {
      return Array.from(threads.values())
        .filter((v) => v instanceof Y.Map)
        .map(readThread)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    get(id) {
      const map = thread(id);
      return map ? readThread(map) : null;
    },
    add(author, body) {
      const id = newId();
      if (!COMMENT_ID.test(id)) throw new Error('invalid comment id');
      doc.transact(() => {
        const map = entry(id, author, body, now());
        map.set('resolved', false);
        map.set('replies', new Y.Array<Y.Map<unknown>>());
        threads.set(id, map);
      });
      return id;
    },
    reply(threadId, author, body) {
      const replies = thread(threadId)?.get('replies');
      if (!(replies instanceof Y.Array)) return false;
      (replies as Y.Array<Y.Map<unknown>>).push([entry(newId(), author, body, now())]);
      return true;
    },
    setResolved(threadId, resolved) {
      const map = thread(threadId);
      if (!map) return false;
      map.set('resolved', resolved);
      return true;
    },
    remove(threadId) {
      if (!threads.has(threadId)) return false;
      threads.delete(threadId);
      return true;
    },
    observe(listener) {
      const handler = () => {
        listener();
      };
      threads.observeDeep(handler);
      return () => {
        threads.unobserveDeep(handler);
      };
    },
  };
}
