import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function ManuscriptsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('manuscripts.list.title')} />;
}
