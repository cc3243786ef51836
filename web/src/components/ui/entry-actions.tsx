// What a public page offers: Sign up and Log in to a visitor, the manuscripts to a writer.
import { Button, Group } from '@mantine/core';
import type { MantineBreakpoint, MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';
import { useKnownUser } from '@/lib/session';

interface EntryActionsProps {
  size?: MantineSize;
  /** Sign up's label where a page says it its own way ('Start writing'). */
  signUpLabel?: string;
  /** Below this width only Sign up shows (a header at phone width). */
  logInFrom?: MantineBreakpoint;
  /** The shorter 'My manuscripts', for a header. */
  short?: boolean;
}

/** Sign up and Log in, or 'Open my manuscripts' when someone is signed in on this device. */
export function EntryActions({ size = 'sm', signUpLabel, logInFrom, short }: EntryActionsProps) {
  const { t } = useTranslation();
  const user = useKnownUser();
  if (user) {
    return (
      <Button component={Link} to={paths.manuscripts} size={size}>
        {t(short ? 'header.my_manuscripts' : 'header.open_manuscripts')}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={paths.login}
        variant="default"
        size={size}
        visibleFrom={logInFrom}
      >
        {t('header.log_in')}
      </Button>
      <Button component={Link} to={paths.signUp} size={size}>
        {signUpLabel ?? t('header.sign_up')}
      </Button>
    </Group>
  );
}
