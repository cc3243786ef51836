import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function VerifyEmailHelpPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('auth.verify_email_help.title')} />;
}
