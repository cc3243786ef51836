import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function ResetPasswordApplyPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('auth.reset_password_apply.title')} />;
}
