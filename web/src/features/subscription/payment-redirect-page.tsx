import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function PaymentRedirectPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('subscription.payment_redirect.title')} />;
}
