import { beforeEach, describe, expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => ({
  peekUser: vi.fn(() => Promise.resolve(null)),
  manuscript: vi.fn(() => Promise.resolve(undefined)),
  docs: vi.fn(() => Promise.resolve(0)),
  appDatabase: vi.fn(),
  collabDatabase: vi.fn(),
  editorChunk: vi.fn(),
}));

vi.mock('@/lib/session', () => ({ session: { peekUser: reads.peekUser } }));
vi.mock('@/storage', () => ({
  appDatabase: reads.appDatabase.mockImplementation(() => ({
    manuscripts: { get: reads.manuscript },
  })),
}));
vi.mock('@/sync/collab/collab-db', () => ({
  collabDatabase: reads.collabDatabase.mockImplementation(() => ({
    docs: { count: reads.docs },
  })),
}));
vi.mock('@/features/editor/manuscript-page', () => {
  reads.editorChunk();
  return {};
});

const { startEarly } = await import('./early-start');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('early start', () => {
  it('on the editor, when someone may be signed in, reads the user and opens both databases', async () => {
    startEarly({ pathname: '/manuscript/m%201' }, true);
    expect(reads.peekUser).toHaveBeenCalledTimes(1);
    expect(reads.manuscript).toHaveBeenCalledWith('m 1');
    expect(reads.docs).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => {
      expect(reads.editorChunk).toHaveBeenCalled();
    });
  });

  it('creates no database for a logged-out visitor of an editor address', () => {
    startEarly({ pathname: '/manuscript/m1' }, false);
    expect(reads.peekUser).not.toHaveBeenCalled();
    expect(reads.appDatabase).not.toHaveBeenCalled();
    expect(reads.collabDatabase).not.toHaveBeenCalled();
  });

  it('opens no database on other routes, the shared one included', () => {
    for (const pathname of ['/', '/pricing', '/manuscripts', '/manuscript/m1/extra']) {
      startEarly({ pathname }, true);
    }
    expect(reads.peekUser).not.toHaveBeenCalled();
    expect(reads.appDatabase).not.toHaveBeenCalled();
    expect(reads.collabDatabase).not.toHaveBeenCalled();
  });

  it('reads the marker from local storage by default', () => {
    window.localStorage.setItem('quire.might_be_logged_in', '1');
    startEarly({ pathname: '/manuscript/m1' });
    expect(reads.peekUser).toHaveBeenCalledTimes(1);
    window.localStorage.removeItem('quire.might_be_logged_in');
    startEarly({ pathname: '/manuscript/m1' });
    expect(reads.peekUser).toHaveBeenCalledTimes(1);
  });
});
