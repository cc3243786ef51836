/**
 * Deleted research: each stays in the trash for 60 days (days left shown), then is gone; a
 * writer may recover one or delete it permanently at once.
 */
import { useTranslation } from 'react-i18next';

import { TrashSection } from '@/components/ui';

import { useResearchScreen } from './research-context';
import type { ResearchRecord } from './research-rules';

export function ResearchTrash({ researches }: { researches: ResearchRecord[] }) {
  const { t } = useTranslation();
  const screen = useResearchScreen();
  return (
    <TrashSection
      rows={researches}
      texts="research.trash"
      untitled={t('research.untitled')}
      canWrite={screen.canWrite}
      headingId="research-trash-title"
      rowTestId="research-trash-row"
      recover={(research) => screen.store.recover(research.id)}
      hardDelete={(research) => screen.store.hardDelete(research.id)}
    />
  );
}
