import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function SharedChapterPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sharing.shared_chapter.title')} />;
}
