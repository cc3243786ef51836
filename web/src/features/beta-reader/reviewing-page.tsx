import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function ReviewingPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('beta_reader.reviewing.title')} />;
}
