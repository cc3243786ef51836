/** The chapter's meta sections in the properties panel (plain text; deleting refused to readers). */
import { useTranslation } from 'react-i18next';

import { MetaSectionsEditor, showError } from '@/components/ui';

import type { ChapterRow } from '../workspace/types';
import type { SaveChapter } from './use-chapter-draft';

interface SectionsEditorProps {
  chapter: ChapterRow;
  /** False for a Viewer or Commenter: everything read-only, deleting refused. */
  canWrite: boolean;
  save: SaveChapter;
}

export function SectionsEditor({ chapter, canWrite, save }: SectionsEditorProps) {
  const { t } = useTranslation();
  return (
    <MetaSectionsEditor
      sections={chapter.meta?.sections}
      canWrite={canWrite}
      texts="properties.sections"
      write={(change) => {
        save((c) => ({ meta: { ...c.meta, sections: change(c.meta?.sections) } }));
      }}
      refuseDelete={() => {
        showError({ message: t('properties.sections.not_allowed') });
      }}
    />
  );
}
