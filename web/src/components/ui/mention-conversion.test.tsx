import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { axeViolations } from '@/testing/axe';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { ConvertManuscriptResult, OpenedChapter } from '@/text-editor';
import { ANNA } from '@/text-editor/testing/mention-elements';

import { useMentionConversion, type MentionConversion } from './mention-conversion';

function chapterWith(text: string, writable = true): OpenedChapter {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment('default').insert(0, [paragraph]);
  return {
    fragment: doc.getXmlFragment('default'),
    writable: () => writable,
    close: () => Promise.resolve(),
  };
}

function renderConversion() {
  let conversion: MentionConversion | null = null;
  function Host() {
    conversion = useMentionConversion();
    return conversion.dialog;
  }
  renderWithProviders(<Host />);
  return () => {
    if (!conversion) throw new Error('not rendered');
    return conversion;
  };
}

describe('the conversion as the writer sees it', { timeout: 30_000 }, () => {
  it('shows its progress once it takes longer than the delay, and closes when done', async () => {
    const conversion = renderConversion();
    let elapse: () => void = () => undefined;
    let openSecond: (chapter: OpenedChapter) => void = () => undefined;
    let finished: Promise<ConvertManuscriptResult> | undefined;
    act(() => {
      finished = conversion().run({
        open: (id) =>
          id === 'c1'
            ? Promise.resolve(chapterWith('Anna'))
            : new Promise((resolve) => {
                openSecond = resolve;
              }),
        chapterIds: ['c1', 'c2'],
        element: ANNA,
        others: [],
        setTimeout: (callback) => {
          elapse = callback;
          return 1;
        },
        clearTimeout: () => undefined,
      });
    });
    act(() => {
      elapse();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Turning names into mentions…' });
    await waitFor(() => {
      expect(dialog).toHaveTextContent('1 of 2 chapters');
    });
    expect(await axeViolations(dialog)).toEqual([]);
    await act(async () => {
      openSecond(chapterWith('No one'));
      await finished;
    });
    expect(await finished).toEqual({ outcome: 'converted', mentions: 1 });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('tells the writer when the mentions could not be applied', async () => {
    const conversion = renderConversion();
    let result: ConvertManuscriptResult | undefined;
    await act(async () => {
      result = await conversion().run({
        open: () => Promise.resolve(chapterWith('Anna', false)),
        chapterIds: ['c1'],
        element: ANNA,
        others: [],
      });
    });
    expect(result?.outcome).toBe('apply_failed');
    expect(await screen.findByText('Failed to apply mention to manuscript.')).toBeVisible();
  });
});
