import { beforeEach, describe, expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => {
  const stored: { manuscriptRow: unknown } = { manuscriptRow: undefined };
  return {
    stored,
    peekUser: vi.fn(() => Promise.resolve(null)),
    manuscript: vi.fn(() => Promise.resolve(stored.manuscriptRow)),
    collabOpen: vi.fn(() => Promise.resolve()),
    readAhead: vi.fn(),
    appDatabase: vi.fn(),
    collabDatabase: vi.fn(),
    editorChunk: vi.fn(),
  };
});

vi.mock('@/lib/session', () => ({ session: { peekUser: reads.peekUser } }));
vi.mock('@/storage', () => ({
  appDatabase: reads.appDatabase.mockImplementation(() => ({
    manuscripts: { get: reads.manuscript },
  })),
}));
const collab = { open: reads.collabOpen };
vi.mock('@/sync/collab/collab-db', () => ({
  collabDatabase: reads.collabDatabase.mockImplementation(() => collab),
}));
vi.mock('@/sync/collab/read-ahead', () => ({ readAhead: reads.readAhead }));
vi.mock('@/features/editor/manuscript-page', () => {
  reads.editorChunk();
  return {};
});

const { startEarly } = await import('./early-start');

beforeEach(() => {
  vi.clearAllMocks();
  reads.stored.manuscriptRow = undefined;
});

describe('early start', () => {
  it('on the editor, when someone may be signed in, reads the user and opens both databases', async () => {
    startEarly({ pathname: '/manuscript/m%201', search: '' }, true);
    expect(reads.peekUser).toHaveBeenCalledTimes(1);
    expect(reads.manuscript).toHaveBeenCalledWith('m 1');
    expect(reads.collabOpen).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => {
      expect(reads.editorChunk).toHaveBeenCalled();
    });
  });

  it('reads ahead the chapter the URL asks for, at once', () => {
    reads.stored.manuscriptRow = { id: 'm1', settings: { last_active_chapter: 'c-last' } };
    startEarly({ pathname: '/manuscript/m1', search: '?chapter=c-asked' }, true);
    expect(reads.readAhead).toHaveBeenCalledTimes(1);
    expect(reads.readAhead).toHaveBeenCalledWith(collab, 'c-asked');
  });

  it("else reads ahead the manuscript's last chapter, once its row is read", async () => {
    reads.stored.manuscriptRow = { id: 'm1', settings: { last_active_chapter: 'c-last' } };
    startEarly({ pathname: '/manuscript/m1', search: '' }, true);
    await vi.waitFor(() => {
      expect(reads.readAhead).toHaveBeenCalledWith(collab, 'c-last');
    });
  });

  it('reads no chapter ahead when neither names one', async () => {
    reads.stored.manuscriptRow = { id: 'm1', settings: {} };
    startEarly({ pathname: '/manuscript/m1', search: '?other=1' }, true);
    await vi.waitFor(() => {
      expect(reads.manuscript).toHaveBeenCalled();
    });
    await Promise.resolve();
    expect(reads.readAhead).not.toHaveBeenCalled();
  });

  it('creates no database for a logged-out visitor of an editor address', () => {
    startEarly({ pathname: '/manuscript/m1', search: '?chapter=c1' }, false);
    expect(reads.peekUser).not.toHaveBeenCalled();
    expect(reads.appDatabase).not.toHaveBeenCalled();
    expect(reads.collabDatabase).not.toHaveBeenCalled();
    expect(reads.readAhead).not.toHaveBeenCalled();
  });

  it('opens no database on other routes, the shared one included', () => {
    for (const pathname of ['/', '/pricing', '/manuscripts', '/manuscript/m1/extra']) {
      startEarly({ pathname, search: '?chapter=c1' }, true);
    }
    expect(reads.peekUser).not.toHaveBeenCalled();
    expect(reads.appDatabase).not.toHaveBeenCalled();
    expect(reads.collabDatabase).not.toHaveBeenCalled();
  });

  it('reads the marker from local storage by default', () => {
    window.localStorage.setItem('quire.might_be_logged_in', '1');
    startEarly({ pathname: '/manuscript/m1', search: '' });
    expect(reads.peekUser).toHaveBeenCalledTimes(1);
    window.localStorage.removeItem('quire.might_be_logged_in');
    startEarly({ pathname: '/manuscript/m1', search: '' });
    expect(reads.peekUser).toHaveBeenCalledTimes(1);
  });
});
