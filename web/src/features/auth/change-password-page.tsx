import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('auth.change_password.title')} />;
}
