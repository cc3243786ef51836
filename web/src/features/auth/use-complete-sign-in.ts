import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/lib/paths';
import { isOnline } from '@/lib/platform';
import { session } from '@/lib/session';
import type { SessionUser } from '@/lib/session';

/**
 * Keeps the signed-in user and goes where splash would send them: change_password while the
 * password is temporary (and online), otherwise the manuscripts.
 */
export function useCompleteSignIn(): (user: SessionUser) => void {
  const navigate = useNavigate();
  return useCallback(
    (user: SessionUser) => {
      session.setUser(user);
      const temporary = user.settings.password_temporary === true && isOnline();
      void navigate(temporary ? paths.changePassword : paths.manuscripts, { replace: true });
    },
    [navigate],
  );
}
