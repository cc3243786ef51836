import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function OauthGooglePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('auth.oauth_google.title')} />;
}
