import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function OpenInAppPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('open_in_app.title')} />;
}
