import { createContext, use } from 'react';
import type { ReactNode } from 'react';

import { useSession } from '@/lib/session';
import type { ManuscriptsPort } from '@/storage';
import { manuscriptsPortFor } from '@/sync';

const PortContext = createContext<ManuscriptsPort | null>(null);

/** Puts a given port under the screens (tests; a later sync engine). */
export function ManuscriptsPortProvider({
  port,
  children,
}: {
  port: ManuscriptsPort;
  children: ReactNode;
}) {
  return <PortContext value={port}>{children}</PortContext>;
}

/** The port of the signed-in user, or the one provided; `null` while nobody is signed in. */
export function useManuscriptsPort(): ManuscriptsPort | null {
  const provided = use(PortContext);
  const { user } = useSession();
  if (provided) return provided;
  return user ? manuscriptsPortFor(user.id) : null;
}
