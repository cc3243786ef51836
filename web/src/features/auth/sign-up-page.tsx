import { Alert, Anchor } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { PlaceholderPage } from '@/components/ui';
import { paths } from '@/lib/paths';

/** Sign-up; `?g_uid=` marks the acceptance of a gift subscription (from `/gift/…`). */
export function SignUpPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const giftUid = searchParams.get('g_uid');
  return (
    <PlaceholderPage title={t('auth.sign_up.title')}>
      {giftUid ? (
        <Alert variant="light" icon={<IconGift size={18} />} title={t('auth.sign_up.gift_title')}>
          {t('auth.sign_up.gift_notice')}
        </Alert>
      ) : null}
      <Anchor component={Link} to={paths.login}>
        {t('auth.sign_up.have_account')}
      </Anchor>
    </PlaceholderPage>
  );
}
