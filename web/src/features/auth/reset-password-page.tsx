import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('auth.reset_password.title')} />;
}
