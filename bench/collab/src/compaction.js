// 5. Compaction of 100k updates. Two measures (see ../README.md):
//  a) ingest: one client sends 100k one-character updates (a window of unacknowledged ones) to
//     one document, on every target; timed until every update is acknowledged, then until the
//     stored form is compact (Quire: the log folded into the snapshot, fewer than 500 rows
//     left; Hocuspocus: its SQLite row holds the whole state — it stores full states only).
//  b) Quire only: a log of 100k updates written straight into the stopped server's store, then
//     the chapter opened: time to synced (the room loads 100k updates) and until compaction has
//     folded all of them (no update rows left).
import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import * as Y from 'yjs';

import { now, sleep, until } from './proc.js';
import { FRAGMENT } from './client.js';

function sql(target, query, params = []) {
  if (target.store === 'postgres') {
    let text = query;
    params.forEach((p, i) => {
      text = text.replace(`$${i + 1}`, `'${p}'`);
    });
    return execFileSync('psql', [target.databaseUrl, '-qAtc', text]).toString().trim();
  }
  const db = new Database(target.sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare(query.replace(/\$\d/g, '?')).raw().get(...params);
    return row ? String(row[0]) : '';
  } finally {
    db.close();
  }
}

/** Rows left in a Quire document's log. */
const logRows = (target, doc) => Number(sql(target, 'SELECT count(*) FROM doc_update WHERE doc_id = $1', [doc]));

/** Characters Hocuspocus has stored for `doc` (its row holds the encoded full state). */
function hocuspocusStoredLength(target, doc) {
  const db = new Database(target.sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT data FROM documents WHERE name = ?').get(doc);
    if (!row) return 0;
    const ydoc = new Y.Doc();
    Y.applyUpdate(ydoc, row.data);
    const paragraph = ydoc.getXmlFragment(FRAGMENT).get(0);
    return paragraph ? paragraph.get(0).length : 0;
  } finally {
    db.close();
  }
}

export async function ingest(target, pool, { count }) {
  const [worker] = pool.workers;
  const [doc] = await target.newDocs(1);
  const cpu0 = target.cpu();
  const started = now();
  const sent = await worker.call('ingest', { url: target.wsUrls[0], cookie: target.cookie, name: doc, count, window: 512 });
  const ackMs = now() - started;
  const settledAt = await until(
    'the stored form to be compact',
    () => {
      if (target.kind === 'hocuspocus') return hocuspocusStoredLength(target, doc) >= count && now();
      return logRows(target, doc) < 500 && now();
    },
    180_000,
    100,
  );
  const cpu = target.cpu() - cpu0;
  await worker.call('closeAll');
  const fileBytes = target.kind === 'quire' && target.store === 'sqlite' ? null : null;
  void fileBytes;
  return { count, ackMs, settledMs: settledAt - started, cpuSeconds: cpu, length: sent.length };
}

/** 100k keystroke updates as a Yjs client makes them, after a first one holding a paragraph. */
function keystrokeUpdates(count) {
  const doc = new Y.Doc();
  const updates = [];
  doc.on('update', (update) => updates.push(update));
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText('')]);
  doc.getXmlFragment(FRAGMENT).insert(0, [paragraph]);
  const run = paragraph.get(0);
  for (let k = 1; k < count; k += 1) run.insert(run.length, 'abcdefgh'[k % 8]);
  return updates;
}

function seed(target, doc, updates) {
  const at = Date.now();
  if (target.store === 'postgres') {
    execFileSync('psql', [target.databaseUrl, '-qAtc',
      `INSERT INTO doc_head (doc_id, head_seq, snapshot_seq, updated_at) VALUES ('${doc}', ${updates.length}, 0, ${at})`]);
    const rows = updates.map((u, i) => `${doc}\t${i + 1}\t\\\\x${Buffer.from(u).toString('hex')}\t${at}`).join('\n');
    execFileSync('psql', [target.databaseUrl, '-qAtc', 'COPY doc_update (doc_id, seq, update_v1, created_at) FROM STDIN'], {
      input: `${rows}\n`,
    });
    return;
  }
  const db = new Database(target.sqliteFile);
  try {
    db.transaction(() => {
      db.prepare('INSERT INTO doc_head (doc_id, head_seq, snapshot_seq, updated_at) VALUES (?, ?, 0, ?)').run(doc, updates.length, at);
      const insert = db.prepare('INSERT INTO doc_update (doc_id, seq, update_v1, created_at) VALUES (?, ?, ?, ?)');
      updates.forEach((u, i) => insert.run(doc, i + 1, Buffer.from(u), at));
    })();
  } finally {
    db.close();
  }
}

export async function seededLog(target, pool, { count }) {
  const [worker] = pool.workers;
  const [doc] = await target.newDocs(1);
  const updates = keystrokeUpdates(count);
  await target.restart(async () => seed(target, doc, updates));
  if (logRows(target, doc) !== count) throw new Error(`seeding wrote ${logRows(target, doc)} rows, not ${count}`);
  const started = now();
  const opened = await worker.call('open', { urls: target.wsUrls, cookie: target.cookie, names: [doc], perSocket: 1 });
  const syncedMs = now() - started;
  const doneAt = await until('the 100k-update log to be compacted', () => logRows(target, doc) === 0 && now(), 300_000, 50);
  await worker.call('closeAll');
  await sleep(200);
  return { count, syncedMs, compactedMs: doneAt - started, words: opened.words };
}
