// The desk's writer, seeded over the API as the web app would write it: one manuscript of ten
// chapters and five folders, to-dos spread over its chapters, itself and the writer's global
// list (due dates, priorities, statuses), and notes global and of the manuscript, attached to
// chapters or folders, their dates spread over four months. Calls go in parallel batches.
const DAY_MS = 86_400_000;
const CHAPTERS = 10;
const FOLDERS = 5;
const PARALLEL = 16;
const WORDS = ['harbour', 'lantern', 'ledger', 'orchard', 'lighthouse', 'station', 'letter', 'garden', 'bridge', 'attic', 'winter', 'market'];
const PRIORITIES = ['high', 'medium', 'low'];

/** Runs `work(i)` for i in 0 … count-1, `PARALLEL` at a time. */
async function inParallel(count, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await work(i);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** Noon UTC `days` from today, as a due date is stored. */
function dueDate(now, days) {
  const noon = Math.floor(now / DAY_MS) * DAY_MS + 12 * 3_600_000;
  return new Date(noon + days * DAY_MS).toISOString();
}

/** The i-th to-do: 30 % global, 20 % the manuscript's own, 50 % of a chapter. */
function todo(i, now, manuscriptId, chapterIds) {
  const word = WORDS[i % WORDS.length];
  const scope = i % 10;
  return {
    manuscript_id: scope < 3 ? null : manuscriptId,
    chapter_id: scope < 5 ? null : chapterIds[Math.floor(i / 10) % chapterIds.length],
    global: scope < 3,
    title: `Task ${i + 1}: the ${word}`,
    description: `<p>Check the <strong>${word}</strong> in scene ${(i % 40) + 1}.</p>`,
    status: i % 4 === 1 ? 'done' : 'pending',
    priority: i % 11 === 10 ? null : PRIORITIES[i % 3],
    due_date: i % 4 === 0 ? null : dueDate(now, ((i * 7) % 60) - 15),
    notes: [],
    _order: i + 1,
  };
}

/** The i-th note: half global; of the manuscript's, 2/5 on a chapter, 2/5 on a folder. */
function note(i, now, manuscriptId, chapterIds, folderIds) {
  const word = WORDS[(i * 5) % WORDS.length];
  const created = now - ((i * 37) % 120) * DAY_MS - (i % 600) * 60_000;
  const global = i % 2 === 0;
  const j = i >> 1;
  const k = Math.floor(j / 5);
  const settings = global || j % 5 === 4 ? {} : j % 5 < 2 ? { chapter_id: chapterIds[k % chapterIds.length] } : { group_id: folderIds[k % folderIds.length] };
  return {
    manuscript_id: global ? null : manuscriptId,
    title: `Note ${i + 1} on the ${word}`,
    content: `<p>The ${word} at dusk${i % 25 === 0 ? ', seen from the lighthouse' : ''}: what the keeper wrote in entry ${i + 1}.</p>`,
    settings,
    created_at: created,
    updated_at: Math.min(now, created + (i % 9) * DAY_MS),
    _order: i + 1,
  };
}

/** Seeds the desk through `api` (`call(method, path, body)`); answers ids and counts. */
export async function seedDesk(api, newId, { todos, notes }) {
  const now = Date.now();
  const manuscriptId = newId();
  await api.call('PUT', `manuscripts/put/${manuscriptId}`, { title: 'The Desk Novel' });
  const chapterIds = Array.from({ length: CHAPTERS }, () => newId());
  const folderIds = Array.from({ length: FOLDERS }, () => newId());
  for (const [i, id] of folderIds.entries()) {
    await api.call('PUT', `groups/put/${id}`, { manuscript_id: manuscriptId, name: `Part ${i + 1}`, _order: i + 1 });
  }
  for (const [i, id] of chapterIds.entries()) {
    await api.call('PUT', `chapters/put/${id}`, { manuscript_id: manuscriptId, name: `Chapter ${i + 1}`, _order: i + 1 });
  }
  await inParallel(todos, (i) => api.call('PUT', `to_dos/put/${newId()}`, todo(i, now, manuscriptId, chapterIds)));
  await inParallel(notes, (i) => api.call('PUT', `notes/put/${newId()}`, note(i, now, manuscriptId, chapterIds, folderIds)));
  return { manuscriptId, chapterId: chapterIds[0], todos, notes };
}
