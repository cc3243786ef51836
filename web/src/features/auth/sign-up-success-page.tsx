import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function SignUpSuccessPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('auth.sign_up_success.title')} />;
}
