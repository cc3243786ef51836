import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function RecoverAccessPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('auth.recover_access.title')} />;
}
