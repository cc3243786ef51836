/**
 * The editor header's story elements (composed by `app/`): a button that opens the elements view
 * over the manuscript page. The view has an address — `?elements=board`, or `?elements=<id>` for
 * one element's page — so a reload or the back button returns to it.
 */
import { ActionIcon, Modal, Tooltip } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { CHAPTER_PARAM, ELEMENTS_PARAM, MENTIONS_OF_PARAM, revealMentionState } from '@/lib/paths';

import type { AppearsInSource } from './appears-in';
import type { ChapterTexts } from './element-mentions';
import type { ElementsWorkspace } from './elements-store';

const ElementsView = lazy(() =>
  import('./elements-view').then((m) => ({ default: m.ElementsView })),
);

const BOARD = 'board';

export function EditorElements({
  workspace,
  texts,
  appearsIn = null,
}: {
  workspace: ElementsWorkspace;
  /** The chapters' texts (the collaboration connection), where mentions are made. */
  texts: ChapterTexts;
  /** Where the chapters mention elements, for an element's "Appears in" (composed by `app/`). */
  appearsIn?: AppearsInSource | null;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const place = searchParams.get(ELEMENTS_PARAM);
  const label = t('elements.open');

  const go = useCallback(
    (next: string | null) => {
      setSearchParams((params) => {
        const changed = new URLSearchParams(params);
        if (next === null) changed.delete(ELEMENTS_PARAM);
        else changed.set(ELEMENTS_PARAM, next);
        return changed;
      });
    },
    [setSearchParams],
  );
  const open = useCallback(
    (elementId: string | null) => {
      go(elementId ?? BOARD);
    },
    [go],
  );
  // Closing the view returns the focus to its button, unless a chapter opened: then the editor
  // takes it, at the element's first mention.
  const [returnFocus, setReturnFocus] = useState(true);
  const [wasOpen, setWasOpen] = useState(place !== null);
  if (wasOpen !== (place !== null)) {
    setWasOpen(place !== null);
    if (place !== null) setReturnFocus(true);
  }
  const openChapter = useCallback(
    (chapterId: string, elementId: string) => {
      setReturnFocus(false);
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(ELEMENTS_PARAM);
          next.set(CHAPTER_PARAM, chapterId);
          return next;
        },
        { state: revealMentionState(elementId) },
      );
    },
    [setSearchParams],
  );
  const showInBinder = useCallback(
    (elementId: string) => {
      setSearchParams((params) => {
        const next = new URLSearchParams(params);
        next.delete(ELEMENTS_PARAM);
        next.set(MENTIONS_OF_PARAM, elementId);
        return next;
      });
    },
    [setSearchParams],
  );

  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          data-testid="elements-button"
          onClick={() => {
            go(BOARD);
          }}
        >
          <IconUsersGroup size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={place !== null}
        onClose={() => {
          go(null);
        }}
        fullScreen
        returnFocus={returnFocus}
        title={t('elements.board_title')}
        data-testid="elements-view"
      >
        {place !== null && (
          <Suspense fallback={null}>
            <ElementsView
              workspace={workspace}
              elementId={place === BOARD ? null : place}
              open={open}
              texts={texts}
              appearsIn={appearsIn}
              openChapter={openChapter}
              showInBinder={showInBinder}
            />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
