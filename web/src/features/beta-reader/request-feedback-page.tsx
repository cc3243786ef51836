import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function RequestFeedbackPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('beta_reader.request_feedback.title')} />;
}
