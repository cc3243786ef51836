import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';

import { session } from '@/lib/session';
import { buildUser } from '@/testing/build-user';
import { renderWithProviders } from '@/testing/render-with-providers';
import { commentsStore } from '@/text-editor';

import { CommentsPanel } from './comments-panel';

afterEach(() => {
  vi.useRealTimers();
  session.clear();
});

describe('the comments panel', () => {
  it('dates a comment in the writer’s time zone, not the browser’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 on 27 November in UTC is the morning of the 28th in Tokyo.
    vi.setSystemTime(Date.parse('2026-11-27T23:30:00Z'));
    const store = commentsStore(new Y.Doc());
    store.add({ id: 'u1', name: 'Ana' }, 'Tighten this line.');
    session.setUser(buildUser({ settings: { timezone: 'Asia/Tokyo' } }));
    renderWithProviders(
      <CommentsPanel
        store={store}
        user={{ id: 'u1', name: 'Ana' }}
        writable
        deletes="any"
        composing={false}
        onAdd={vi.fn()}
        onCancelCompose={vi.fn()}
        onDelete={vi.fn()}
        onSelect={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const thread = await screen.findByTestId('comment-thread');
    expect(thread).toHaveTextContent('Nov 28, 2026, 8:30 AM');
  });
});
