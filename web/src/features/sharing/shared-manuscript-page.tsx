import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function SharedManuscriptPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sharing.shared_manuscript.title')} />;
}
