// Quire's import and export calls (the issue 18 contract), signed in with a target's cookie and
// the CSRF header every authenticated POST sends. Each answers what the call returned and how
// long it took end to end: request sent → whole answer read.
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The base URL of a target started by bench/collab's startQuire. */
export const baseOf = (target) => `http://127.0.0.1:${new URL(target.wsUrls[0]).port}`;

async function post(target, path, init) {
  let at;
  let response;
  // A kept-alive connection the server closed while the harness ran another program fails
  // before any answer: the call is sent again on a new one, timed from there.
  for (let attempt = 1; ; attempt += 1) {
    at = performance.now();
    try {
      response = await fetch(`${baseOf(target)}/api/v4/${path}`, {
        method: 'POST',
        ...init,
        headers: { cookie: target.cookie, 'x-requested-with': 'quire', ...init.headers },
      });
      break;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      if (attempt === 3) throw new Error(`POST ${path}: ${error.message} (${error.cause?.code ?? ''} ${error.cause?.message ?? ''})`);
    }
  }
  const body = Buffer.from(await response.arrayBuffer());
  const seconds = (performance.now() - at) / 1000;
  if (response.status !== 200) {
    throw new Error(`POST ${path}: ${response.status} ${body.toString('utf8').slice(0, 2000)}`);
  }
  return { seconds, body, type: response.headers.get('content-type') ?? '' };
}

function docxForm(bytes, fileName, fields) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: DOCX }), fileName);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

function data(answer, path) {
  const json = JSON.parse(answer.body.toString('utf8'));
  if (json.status !== 'success') throw new Error(`POST ${path}: ${answer.body.toString('utf8').slice(0, 2000)}`);
  return json.data;
}

/** `POST imports/docx/preview`: { seconds, preview }. */
export async function previewDocx(target, bytes, fileName) {
  const path = 'imports/docx/preview';
  const answer = await post(target, path, { body: docxForm(bytes, fileName, { h2_as_subchapters: 'false' }) });
  return { seconds: answer.seconds, preview: data(answer, path).preview };
}

/** The plan that imports every section of `preview` as it is, as a new manuscript. */
export function planOf(preview, title) {
  return {
    h2_as_subchapters: false,
    title,
    manuscript_id: null,
    folder_id: null,
    sections: preview.sections.map((s) => ({ index: s.index, title: s.title, include: true, merge_with_previous: false, split_at: [] })),
  };
}

/** `POST imports/docx`: { seconds, manuscriptId, chapterIds }. */
export async function importDocx(target, bytes, fileName, plan) {
  const path = 'imports/docx';
  const answer = await post(target, path, { body: docxForm(bytes, fileName, { plan: JSON.stringify(plan) }) });
  const result = data(answer, path);
  return { seconds: answer.seconds, manuscriptId: result.manuscript_id, chapterIds: result.chapter_ids };
}

/** `POST manuscripts/{id}/export`: { seconds, bytes, type }. */
export async function exportManuscript(target, manuscriptId, format, options = {}) {
  const path = `manuscripts/${manuscriptId}/export`;
  const answer = await post(target, path, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ format, chapter_ids: null, options }),
  });
  if (answer.type.startsWith('application/json')) throw new Error(`POST ${path}: a JSON answer, not a file: ${answer.body.toString('utf8').slice(0, 500)}`);
  return { seconds: answer.seconds, bytes: answer.body, type: answer.type };
}
