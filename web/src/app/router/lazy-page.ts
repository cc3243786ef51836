import type { ComponentType } from 'react';

/** Page chunks load on demand; a chunk that has not arrived after this long fails. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Page chunk did not load within ${String(ms)} ms`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          error instanceof Error
            ? new ChunkLoadError(error.message)
            : new ChunkLoadError(String(error)),
        );
      },
    );
  });
}

/**
 * A route `lazy` function that loads a page module on demand and picks its component.
 * Usage: `lazy: lazyPage(() => import('@/features/auth/login-page'), (m) => m.LoginPage)`.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: pick(await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS)) });
}
