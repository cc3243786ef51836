import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { EntryActions, PlaceholderPage } from '@/components/ui';
import type { MarketingPageId } from '@/lib/paths';

interface MarketingPageProps {
  page: MarketingPageId;
}

/** A marketing page next to the app; the content lands with the marketing work. */
export function MarketingPage({ page }: MarketingPageProps) {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t(`marketing.pages.${page}`)} description={t('marketing.coming_soon')}>
      <Group justify="center">
        <EntryActions signUpLabel={t('marketing.start_writing')} />
      </Group>
    </PlaceholderPage>
  );
}

const pageComponents = new Map<MarketingPageId, () => React.JSX.Element>();

/** A stable component per marketing page, for the route table. */
export function marketingPageFor(page: MarketingPageId): () => React.JSX.Element {
  let component = pageComponents.get(page);
  if (!component) {
    component = function MarketingRoutePage() {
      return <MarketingPage page={page} />;
    };
    pageComponents.set(page, component);
  }
  return component;
}
