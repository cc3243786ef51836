import { describe, expect, it, vi } from 'vitest';

import { marketingPath, paths } from '@/lib/paths';
import { LEVELS } from '@/lib/session';
import type { SessionUser } from '@/lib/session';
import { buildUser } from '@/testing/build-user';

import { decideAccess, decideSplash } from './decide-access';
import type { RouteAccess } from './route-access';
import { runGuard } from './run-guard';
import type { GuardDeps } from './run-guard';

interface FakeSessionOptions {
  /** User already in memory. */
  current?: SessionUser | null;
  /** What initialise() finds (server answer). */
  initialisesTo?: SessionUser | null;
  /** What peekUser() returns (memory or cache). */
  peeked?: SessionUser | null;
  online?: boolean;
  previous?: string | null;
  /** Whether the session was already initialised in this page (default true). */
  initialised?: boolean;
}

function fakeDeps(options: FakeSessionOptions = {}) {
  const initialise = vi.fn(() => Promise.resolve(options.initialisesTo ?? null));
  const onLateRefusal = vi.fn();
  const deps: GuardDeps = {
    session: {
      getState: () => ({
        user: options.current ?? null,
        initialised: options.initialised ?? true,
        needsToLoginAgain: false,
      }),
      initialise,
      peekUser: () => Promise.resolve(options.peeked ?? options.current ?? null),
    },
    isOnline: () => options.online ?? true,
    previousPath: () => options.previous ?? null,
    onLateRefusal,
  };
  return { deps, initialise, onLateRefusal };
}

const AUTH: RouteAccess = { kind: 'auth' };
const redirect = (to: string) => ({ type: 'redirect', to });
const allow = { type: 'allow' };

describe('splash', () => {
  it('initialises the session every time and sends a signed-in user to manuscripts', async () => {
    const { deps, initialise } = fakeDeps({ initialisesTo: buildUser() });
    await expect(runGuard({ kind: 'splash' }, deps)).resolves.toEqual(redirect(paths.manuscripts));
    expect(initialise).toHaveBeenCalledTimes(1);
  });

  it('sends an anonymous visitor to the home page, which says what Quire is', async () => {
    const { deps } = fakeDeps({ initialisesTo: null });
    await expect(runGuard({ kind: 'splash' }, deps)).resolves.toEqual(
      redirect(marketingPath('home')),
    );
  });

  it('sends an anonymous user of the installed app straight to login', async () => {
    const { deps } = fakeDeps({ initialisesTo: null });
    deps.isInsideApp = () => true;
    await expect(runGuard({ kind: 'splash' }, deps)).resolves.toEqual(redirect(paths.login));
  });

  it('sends a user with a temporary password to change_password when online', () => {
    const user = buildUser({ settings: { password_temporary: true } });
    expect(decideSplash({ user, online: true, previousPath: null })).toEqual(
      redirect(paths.changePassword),
    );
  });

  it('sends a user with a temporary password to manuscripts when offline', () => {
    const user = buildUser({ settings: { password_temporary: true } });
    expect(decideSplash({ user, online: false, previousPath: null })).toEqual(
      redirect(paths.manuscripts),
    );
  });
});

describe('login-required routes', () => {
  it('initialise the session when nobody is signed in, then let the found user in', async () => {
    const { deps, initialise } = fakeDeps({ current: null, initialisesTo: buildUser() });
    await expect(runGuard(AUTH, deps)).resolves.toEqual(allow);
    expect(initialise).toHaveBeenCalledTimes(1);
  });

  it('do not ask the server again when a user is already signed in', async () => {
    const { deps, initialise } = fakeDeps({ current: buildUser() });
    await expect(runGuard(AUTH, deps)).resolves.toEqual(allow);
    expect(initialise).not.toHaveBeenCalled();
  });

  it('send a visitor without a user to login', async () => {
    const { deps } = fakeDeps({ current: null, initialisesTo: null });
    await expect(runGuard(AUTH, deps)).resolves.toEqual(redirect(paths.login));
  });
});

describe('login-required routes on a page load with a cached user', () => {
  it('let the cached user in without waiting for the server, and verify the session after', async () => {
    let answer: (user: SessionUser | null) => void = () => undefined;
    const { deps, initialise, onLateRefusal } = fakeDeps({
      initialised: false,
      peeked: buildUser(),
    });
    initialise.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await expect(runGuard(AUTH, deps)).resolves.toEqual(allow);
    expect(initialise).toHaveBeenCalledTimes(1);
    answer(buildUser());
    await initialise.mock.results[0]?.value;
    await Promise.resolve();
    expect(onLateRefusal).not.toHaveBeenCalled();
  });

  it('send the user to login when the server then refuses the session', async () => {
    const { deps, onLateRefusal } = fakeDeps({
      initialised: false,
      peeked: buildUser(),
      initialisesTo: null,
    });
    await expect(runGuard(AUTH, deps)).resolves.toEqual(allow);
    await vi.waitFor(() => {
      expect(onLateRefusal).toHaveBeenCalledWith(paths.login);
    });
  });

  it('send the user to login when the verification itself fails', async () => {
    const { deps, onLateRefusal } = fakeDeps({ initialised: false, peeked: buildUser() });
    deps.session.initialise = () => Promise.reject(new Error('storage exploded'));
    await expect(runGuard(AUTH, deps)).resolves.toEqual(allow);
    await vi.waitFor(() => {
      expect(onLateRefusal).toHaveBeenCalledWith(paths.login);
    });
  });

  it('wait for the server when the cached user may not enter (it may know a higher level)', async () => {
    const access: RouteAccess = { kind: 'auth', minLevel: LEVELS.ambassador };
    const { deps, initialise, onLateRefusal } = fakeDeps({
      initialised: false,
      peeked: buildUser({ level: LEVELS.writer }),
      initialisesTo: buildUser({ level: LEVELS.ambassador }),
    });
    await expect(runGuard(access, deps)).resolves.toEqual(allow);
    expect(initialise).toHaveBeenCalledTimes(1);
    expect(onLateRefusal).not.toHaveBeenCalled();
  });

  it('wait for the server when nothing is cached', async () => {
    const { deps } = fakeDeps({ initialised: false, peeked: null, initialisesTo: null });
    await expect(runGuard(AUTH, deps)).resolves.toEqual(redirect(paths.login));
  });
});

describe('shared routes', () => {
  it('stay open without a user, after trying to initialise the session', async () => {
    const { deps, initialise } = fakeDeps({ current: null, initialisesTo: null });
    await expect(runGuard({ kind: 'shared' }, deps)).resolves.toEqual(allow);
    expect(initialise).toHaveBeenCalledTimes(1);
  });
});

describe('minLevel and permissionId', () => {
  it('refuse a user below the minimum level (to login)', () => {
    const writer = buildUser({ level: LEVELS.writer });
    const access: RouteAccess = { kind: 'auth', minLevel: LEVELS.ambassador };
    expect(decideAccess(access, { user: writer, online: true, previousPath: null })).toEqual(
      redirect(paths.login),
    );
  });

  it('let a user at or above the minimum level in', () => {
    const ambassador = buildUser({ level: LEVELS.ambassador });
    const access: RouteAccess = { kind: 'auth', minLevel: LEVELS.ambassador };
    expect(decideAccess(access, { user: ambassador, online: true, previousPath: null })).toEqual(
      allow,
    );
  });

  it('refuse a user whose permission for the area is none (name or number)', () => {
    const access: RouteAccess = { kind: 'auth', permissionId: 'boards' };
    for (const value of ['none', 0] as const) {
      const user = buildUser({ settings: { permissions: { boards: value } } });
      expect(decideAccess(access, { user, online: true, previousPath: null })).toEqual(
        redirect(paths.login),
      );
    }
  });

  it('let read, write and unlisted areas through', () => {
    const access: RouteAccess = { kind: 'auth', permissionId: 'boards' };
    const reader = buildUser({ settings: { permissions: { boards: 'read' } } });
    const unrestricted = buildUser({ settings: { permissions: { stats: 'none' } } });
    expect(decideAccess(access, { user: reader, online: true, previousPath: null })).toEqual(allow);
    expect(decideAccess(access, { user: unrestricted, online: true, previousPath: null })).toEqual(
      allow,
    );
  });

  it('always give an administrator write access', () => {
    const admin = buildUser({ level: LEVELS.admin, settings: { permissions: { boards: 'none' } } });
    const access: RouteAccess = { kind: 'auth', permissionId: 'boards' };
    expect(decideAccess(access, { user: admin, online: true, previousPath: null })).toEqual(allow);
  });
});

describe('redirect-if-authenticated routes', () => {
  it('send a signed-in user to manuscripts without asking the server', async () => {
    const { deps, initialise } = fakeDeps({ peeked: buildUser() });
    await expect(runGuard({ kind: 'redirect-if-authenticated' }, deps)).resolves.toEqual(
      redirect(paths.manuscripts),
    );
    expect(initialise).not.toHaveBeenCalled();
  });

  it('let a visitor in', async () => {
    const { deps } = fakeDeps({ peeked: null });
    await expect(runGuard({ kind: 'redirect-if-authenticated' }, deps)).resolves.toEqual(allow);
  });
});

describe('public routes', () => {
  it('send a signed-in user who came from elsewhere to manuscripts', () => {
    const user = buildUser();
    expect(
      decideAccess({ kind: 'public' }, { user, online: true, previousPath: '/auth/login' }),
    ).toEqual(redirect(paths.manuscripts));
    expect(decideAccess({ kind: 'public' }, { user, online: true, previousPath: null })).toEqual(
      redirect(paths.manuscripts),
    );
  });

  it('let a signed-in user who came from manuscripts stay', () => {
    const user = buildUser();
    expect(
      decideAccess({ kind: 'public' }, { user, online: true, previousPath: '/manuscripts/f1' }),
    ).toEqual(allow);
  });
});

describe('a guard that throws', () => {
  it('sends the user to login', async () => {
    const { deps } = fakeDeps();
    deps.session.initialise = () => Promise.reject(new Error('storage exploded'));
    await expect(runGuard(AUTH, deps)).resolves.toEqual(redirect(paths.login));
    await expect(runGuard({ kind: 'splash' }, deps)).resolves.toEqual(redirect(paths.login));
  });
});
