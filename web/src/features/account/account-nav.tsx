import { NavLink, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ACCOUNT_SECTIONS, paths } from '@/lib/paths';
import type { AccountSection } from '@/lib/paths';

/** The account sections as a side navigation (tabs scroll horizontally on phones). */
export function AccountNav({ active }: { active: AccountSection }) {
  const { t } = useTranslation();
  return (
    <ScrollArea type="never">
      <nav aria-label={t('account.nav_label')}>
        {ACCOUNT_SECTIONS.map((section) => (
          <NavLink
            key={section}
            component={Link}
            to={paths.account(section)}
            label={t(`account.sections.${section}`)}
            active={section === active}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </nav>
    </ScrollArea>
  );
}
