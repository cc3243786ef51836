import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function ManuscriptPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('editor.title')} />;
}
