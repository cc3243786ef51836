import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { PlaceholderPage } from '@/components/ui';
import { paths } from '@/lib/paths';

/** Shown after a successful subscription (`?type=subscription` or `?type=lifetime`). */
export function SubscribedPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const lifetime = searchParams.get('type') === 'lifetime';
  return (
    <PlaceholderPage
      title={t('subscription.subscribed.title')}
      description={
        lifetime ? t('subscription.subscribed.lifetime') : t('subscription.subscribed.subscription')
      }
    >
      <Button component={Link} to={paths.manuscripts}>
        {t('subscription.subscribed.continue')}
      </Button>
    </PlaceholderPage>
  );
}
