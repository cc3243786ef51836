import { describe, expect, it } from 'vitest';

import { api, ApiError, createApiClient } from '@/lib/api';
import { requestUrl } from '@/testing/request-url';
import { refusal, stubApi, success } from '@/testing/stub-api';

import { createServerClock } from './clock';
import { newId } from './ids';
import { createHttpRemote, DEVICE_HEADER, isRetryable } from './remote';

/** The columns the server answers with every row. */
const columns = {
  user_id: 'UserAda000000000000001',
  _order: 0,
  created_at: 1,
  synced_at: null,
  deleted_at: null,
  last_synced_device_id: '',
};

const folder = {
  id: 'FolderNovels0000000001',
  name: 'Novels',
  folder_id: '',
  _order: 1,
  created_at: 1,
  updated_at: 2,
  synced_at: 3,
  deleted_at: null,
  cover: 'novels.png',
  shelf_colour: { hue: 'x' },
};

describe('the HTTP remote (ADR 0007 paths)', () => {
  it('puts a row and reads the stored row back, keeping unknown keys and "" as the root', async () => {
    const calls = stubApi({ 'PUT /folders/put/FolderNovels0000000001': success(folder) });
    const stored = await createHttpRemote(api).put('folders', { id: folder.id, name: 'Novels' });
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/folders/put/FolderNovels0000000001',
        body: { id: folder.id, name: 'Novels' },
      },
    ]);
    expect(stored).toMatchObject({
      folder_id: null,
      cover: 'novels.png',
      shelf_colour: { hue: 'x' },
      name: 'Novels',
    });
  });

  it('lists the live rows and the trash', async () => {
    const calls = stubApi({
      'GET /manuscripts': (call) =>
        success(
          call.path.endsWith('deleted=true')
            ? [{ ...folder, title: 'Gone', deleted_at: 5, days_left: 60 }]
            : [],
        ),
    });
    const remote = createHttpRemote(api);
    await expect(remote.list('manuscripts', false)).resolves.toEqual([]);
    await expect(remote.list('manuscripts', true)).resolves.toMatchObject([
      { title: 'Gone', days_left: 60 },
    ]);
    expect(calls.map((call) => call.path)).toEqual([
      '/manuscripts?deleted=false',
      '/manuscripts?deleted=true',
    ]);
  });

  it('uses the trash calls', async () => {
    const calls = stubApi({
      'DELETE /manuscripts/M1': success(true),
      'GET /folders/undelete/F1': success(true),
      'POST /folders/recover_all': success({ recovered: 2 }),
      'POST /manuscripts/delete_all': success({ deleted: 1 }),
    });
    const remote = createHttpRemote(api);
    await remote.softDelete('manuscripts', 'M1');
    await remote.hardDelete('manuscripts', 'M1');
    await remote.undelete('folders', 'F1');
    await remote.recoverAll('folders', ['F1', 'F2']);
    await remote.deleteAll('manuscripts', ['M1']);
    expect(calls).toEqual([
      { method: 'DELETE', path: '/manuscripts/M1', body: undefined },
      { method: 'DELETE', path: '/manuscripts/M1?hard_delete=true', body: undefined },
      { method: 'GET', path: '/folders/undelete/F1', body: undefined },
      { method: 'POST', path: '/folders/recover_all', body: { ids: ['F1', 'F2'] } },
      { method: 'POST', path: '/manuscripts/delete_all', body: { ids: ['M1'] } },
    ]);
  });

  it('copies a manuscript and uses a template', async () => {
    const made = { ...folder, title: 'Made', chapters: [] };
    const calls = stubApi({
      'POST /manuscripts/copy': success(made),
      'POST /templates/use/TplBeatSheet': success(made),
    });
    const remote = createHttpRemote(api);
    await remote.copyManuscript({ id: 'M1', title: 'Copy of Dune', new_id: 'M2' });
    await remote.useTemplate('TplBeatSheet', { id: 'M3', title: 'Beats', folder_id: null });
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/manuscripts/copy', { id: 'M1', title: 'Copy of Dune', new_id: 'M2' }],
      ['POST', '/templates/use/TplBeatSheet', { id: 'M3', title: 'Beats', folder_id: null }],
    ]);
  });

  it('names this device on every call that changes something, so that it can ignore the server’s announcement', async () => {
    const seen: [string, string | null][] = [];
    const client = createApiClient({
      baseUrl: '/api/v4',
      appVersion: '2.4.29',
      platform: 'web',
      fetch: (input, init) => {
        const url = requestUrl(input);
        seen.push([
          `${init?.method ?? 'GET'} ${url}`,
          new Headers(init?.headers).get(DEVICE_HEADER),
        ]);
        const data = url.includes('/put/') ? folder : url.includes('shared') ? [] : true;
        return Promise.resolve(new Response(JSON.stringify({ status: 'success', data })));
      },
    });
    const remote = createHttpRemote(client, 'pwa-AAAAAAAA-BBBBBBBB-2.4.29');
    await remote.put('folders', { id: folder.id });
    await remote.softDelete('manuscripts', 'M1');
    await remote.undelete('manuscripts', 'M1');
    await remote.hardDelete('manuscripts', 'M1');
    await remote.recoverAll('manuscripts', ['M1']);
    await remote.deleteAll('folders', ['F1']);
    await remote.sharedWithMe();
    const device = 'pwa-AAAAAAAA-BBBBBBBB-2.4.29';
    expect(seen).toEqual([
      [`PUT /api/v4/folders/put/${folder.id}`, device],
      ['DELETE /api/v4/manuscripts/M1', device],
      ['GET /api/v4/manuscripts/undelete/M1', device],
      ['DELETE /api/v4/manuscripts/M1?hard_delete=true', device],
      ['POST /api/v4/manuscripts/recover_all', device],
      ['POST /api/v4/folders/delete_all', device],
      ['GET /api/v4/manuscripts/shared_with_me', null],
    ]);
  });

  it('tells a refusal of the change from a missing answer', async () => {
    stubApi({ 'PUT /folders/put/X': refusal(422, 'folder_cycle') });
    const error = await createHttpRemote(api)
      .put('folders', { id: 'X' })
      .catch((caught: unknown) => caught);
    expect(isRetryable(error)).toBe(false);
    expect(isRetryable(new ApiError('network_error', 'network', 0))).toBe(true);
    expect(isRetryable(new ApiError('internal', 'error', 500))).toBe(true);
    expect(isRetryable(new ApiError('expired_session', 'failed', 401))).toBe(true);
    expect(isRetryable(new ApiError('too_many_requests', 'failed', 429))).toBe(true);
  });
});

describe('the calls of every kind and of loading', () => {
  it('routes each kind’s changes (ADR 0007), word counts, sessions and versions by their own routes', async () => {
    const calls = stubApi({
      'PUT /chapters/put/C1': success({ ...columns, id: 'C1', updated_at: 5, name: 'One' }),
      'PUT /stats_word_counts/W1': success({ ...columns, id: 'W0', updated_at: 5, words: 10 }),
      'PUT /chapter_versions/update/V1': success({
        ...columns,
        id: 'V1',
        updated_at: 5,
        name: 'Draft',
      }),
      'DELETE /writing_sessions/S1': success(true),
      'GET /notes/undelete/N1': success(true),
    });
    const remote = createHttpRemote(api);
    await expect(remote.put('chapters', { id: 'C1', name: 'One', updated_at: 5 })).resolves.toEqual(
      { ...columns, id: 'C1', updated_at: 5, name: 'One' },
    );
    await expect(
      remote.put('stats_word_counts', { id: 'W1', words: 10, updated_at: 5 }),
    ).resolves.toMatchObject({ id: 'W0' });
    await remote.put('chapter_versions', {
      id: 'V1',
      name: 'Draft',
      chapter_id: 'C1',
      content: 'x',
      updated_at: 5,
    });
    await remote.softDelete('writing_sessions', 'S1');
    await remote.undelete('notes', 'N1');
    await expect(remote.undelete('stats_word_counts', 'W1')).rejects.toMatchObject({ status: 405 });
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PUT', '/chapters/put/C1', { id: 'C1', name: 'One', updated_at: 5 }],
      ['PUT', '/stats_word_counts/W1', { id: 'W1', words: 10, updated_at: 5 }],
      ['PUT', '/chapter_versions/update/V1', { name: 'Draft', updated_at: 5 }],
      ['DELETE', '/writing_sessions/S1', undefined],
      ['GET', '/notes/undelete/N1', undefined],
    ]);
  });

  it('refuses an answer that breaks its kind’s wire contract', async () => {
    stubApi({
      'PUT /to_dos/put/T1': success({ ...columns, id: 'T1', updated_at: 5, priority: 'urgent' }),
    });
    await expect(
      createHttpRemote(api).put('to_dos', { id: 'T1', updated_at: 5 }),
    ).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('reads a manuscript with its rows, several with their status, the shared ones and a chapter’s content', async () => {
    const tree = {
      ...folder,
      title: 'Dune',
      chapters: [{ ...columns, id: 'C1', updated_at: 1, name: 'One' }],
    };
    const calls = stubApi({
      'GET /manuscripts/M1': success(tree),
      'POST /manuscripts/multiple': success([
        { id: 'M1', status: 'success', manuscript: tree },
        { id: 'M2', status: 'not_authorized', manuscript: null },
      ]),
      'GET /manuscripts/shared_with_me': success([
        { ...tree, user_id: 'U2', shared_permissions: 3 },
      ]),
      'GET /chapters/content/C1': { body: { status: 'success', data: null } },
      'POST /actions/multiple/': success(true),
    });
    const remote = createHttpRemote(api);
    await expect(remote.manuscript('M1')).resolves.toMatchObject({ chapters: [{ id: 'C1' }] });
    await expect(remote.multiple(['M1', 'M2'])).resolves.toMatchObject([
      { id: 'M1', status: 'success' },
      { id: 'M2', status: 'not_authorized', manuscript: null },
    ]);
    await expect(remote.sharedWithMe()).resolves.toMatchObject([{ shared_permissions: 3 }]);
    await expect(remote.chapterContent('C1')).resolves.toBeNull();
    await remote.sendActions([{ type: 'opened' }]);
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/manuscripts/M1', undefined],
      ['POST', '/manuscripts/multiple', { ids: ['M1', 'M2'] }],
      ['GET', '/manuscripts/shared_with_me', undefined],
      ['GET', '/chapters/content/C1', undefined],
      ['POST', '/actions/multiple/', { actions: [{ type: 'opened' }] }],
    ]);
  });
});

describe('ids', () => {
  it('are 22 characters of [A-Za-z0-9], and differ', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{22}$/);
  });
});

describe('the server clock', () => {
  it('corrects the local clock by the server offset, asking at most once a minute', async () => {
    let local = 1_000_000;
    let asked = 0;
    const clock = createServerClock({
      localNow: () => local,
      fetchServerTime: () => {
        asked += 1;
        local += 200; // the round trip
        return Promise.resolve(1_050_100);
      },
    });
    await clock.sync();
    expect(clock.offset()).toBe(50_000);
    expect(clock.now()).toBe(local + 50_000);
    local += 30_000;
    await clock.sync();
    expect(asked).toBe(1);
    local += 30_000;
    await clock.sync();
    expect(asked).toBe(2);
  });

  it('keeps the last offset when the server cannot be reached', async () => {
    const clock = createServerClock({
      localNow: () => 10,
      fetchServerTime: () => Promise.reject(new ApiError('network_error', 'network', 0)),
    });
    await clock.sync();
    expect(clock.now()).toBe(10);
  });
});
