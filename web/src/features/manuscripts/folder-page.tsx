import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function FolderPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('manuscripts.folder.title')} />;
}
