import { vi } from 'vitest';

import type { ChapterEditorProps } from '@/features/editor/chapter/chapter-editor';

import type { FakeChapterHandle } from './fake-chapter-handle';

/** The props of a `ChapterEditor` for a chapter of a manuscript with comments on. */
export function chapterEditorProps(
  handle: FakeChapterHandle,
  overrides: Partial<ChapterEditorProps> = {},
): ChapterEditorProps {
  return {
    handle,
    settings: { comments_enabled: true },
    canWrite: true,
    canComment: true,
    user: { id: 'u1', name: 'Ana' },
    hideSavingIndicator: false,
    floatingToolbar: false,
    focusMode: false,
    onFocusModeChange: vi.fn(),
    onPageSetupChange: vi.fn(),
    ...overrides,
  };
}
