/**
 * Deleted elements: they stay in the trash for 60 days (days left shown), then are gone; a writer
 * may recover one (its names become mentions again) or delete it permanently at once.
 */
import { useTranslation } from 'react-i18next';

import { TrashSection } from '@/components/ui';
import type { ElementRecord } from '@/lib/elements';

import { useElementsScreen } from './elements-context';

export function ElementsTrash({ elements }: { elements: ElementRecord[] }) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  return (
    <TrashSection
      rows={elements}
      texts="elements.trash"
      untitled={t('elements.untitled')}
      canWrite={screen.canWrite}
      headingId="elements-trash-title"
      rowTestId="element-trash-row"
      recover={async (element) => {
        await screen.store.recover(element.id);
        void screen.mentions.recovered({ ...element, deleted_at: null });
      }}
      hardDelete={(element) => screen.store.hardDelete(element.id)}
    />
  );
}
