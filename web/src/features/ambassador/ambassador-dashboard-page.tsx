import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function AmbassadorDashboardPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('ambassador.dashboard.title')} />;
}
