/**
 * The editor header's research (composed by `app/`): a button that opens the research view over
 * the manuscript page. The view has an address — `?research=board`, or `?research=<id>` for one
 * research's page — so a reload or the back button returns to it.
 */
import { ActionIcon, Modal, Tooltip } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { RESEARCH_PARAM } from '@/lib/paths';

import type { ResearchWorkspace } from './research-store';

const ResearchView = lazy(() =>
  import('./research-view').then((m) => ({ default: m.ResearchView })),
);

const BOARD = 'board';

export function EditorResearch({ workspace }: { workspace: ResearchWorkspace }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const place = searchParams.get(RESEARCH_PARAM);
  const label = t('research.open');

  const go = useCallback(
    (next: string | null) => {
      setSearchParams((params) => {
        const changed = new URLSearchParams(params);
        if (next === null) changed.delete(RESEARCH_PARAM);
        else changed.set(RESEARCH_PARAM, next);
        return changed;
      });
    },
    [setSearchParams],
  );
  const open = useCallback(
    (researchId: string | null) => {
      go(researchId ?? BOARD);
    },
    [go],
  );

  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          data-testid="research-button"
          onClick={() => {
            go(BOARD);
          }}
        >
          <IconBooks size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={place !== null}
        onClose={() => {
          go(null);
        }}
        fullScreen
        title={t('research.board_title')}
        data-testid="research-view"
      >
        {place !== null && (
          <Suspense fallback={null}>
            <ResearchView
              workspace={workspace}
              researchId={place === BOARD ? null : place}
              open={open}
            />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
