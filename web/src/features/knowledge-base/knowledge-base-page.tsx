import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '@/components/ui';

export function KnowledgeBasePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('knowledge_base.title')} />;
}
