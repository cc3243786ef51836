import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { revealMentionState } from '@/lib/paths';
import { renderWithProviders } from '@/testing/render-with-providers';

import { useMentionOnArrival } from './use-mention-on-arrival';

interface Api {
  revealMention: (id: string) => boolean;
}

/** A page showing `chapter`, whose editor becomes ready when asked (as the real one does later). */
function Page({
  onReady,
  reveal,
}: {
  onReady: (api: Api | null) => void;
  reveal: Api['revealMention'];
}) {
  const [chapter, setChapter] = useState('one');
  const navigate = useNavigate();
  const handleReady = useMentionOnArrival(chapter, onReady);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          void navigate('/?chapter=two', { state: revealMentionState('anna') });
          setChapter('two');
        }}
      >
        open two at Anna
      </button>
      <button
        type="button"
        onClick={() => {
          void navigate('/?chapter=one', { state: revealMentionState('anna') });
        }}
      >
        stay at Anna
      </button>
      <button type="button" onClick={() => handleReady({ revealMention: reveal })}>
        editor ready
      </button>
      <button type="button" onClick={() => handleReady(null)}>
        editor gone
      </button>
    </>
  );
}

describe('the caret at an element’s first mention on arrival', () => {
  it('waits for the asked chapter’s editor, then reveals once', async () => {
    const reveal = vi.fn<Api['revealMention']>(() => true);
    const onReady = vi.fn();
    renderWithProviders(<Page onReady={onReady} reveal={reveal} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'editor ready' }));
    expect(reveal).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'editor gone' }));
    await user.click(screen.getByRole('button', { name: 'open two at Anna' }));
    expect(reveal).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'editor ready' }));
    expect(reveal).toHaveBeenCalledWith('anna');
    // The same editor ready again (a re-render) does not move the caret again.
    await user.click(screen.getByRole('button', { name: 'editor ready' }));
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(onReady).toHaveBeenCalledTimes(4);
  });

  it('reveals at once in a chapter whose editor is ready already', async () => {
    const reveal = vi.fn<Api['revealMention']>(() => true);
    renderWithProviders(<Page onReady={() => undefined} reveal={reveal} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'editor ready' }));
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'stay at Anna' }));
    });
    expect(reveal).toHaveBeenCalledWith('anna');
    expect(reveal).toHaveBeenCalledTimes(1);
  });
});
