import { z } from 'zod';

/** Version of the app, the same as the server's `APP_VERSION`. Sent as `X-App-Version`. */
export const APP_VERSION = '2.4.29';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/**
 * The raw build-time variables (Vite exposes `VITE_*` through `import.meta.env`).
 * Every value has a default, so an unconfigured build works against the bundled server.
 */
const rawEnvSchema = z.object({
  VITE_API_BASE: z
    .string()
    .trim()
    .regex(/^(\/|https?:\/\/)/, 'must be an absolute path or an http(s) URL')
    .default('/api/v4'),
  VITE_APP_VERSION: z.string().trim().min(1).default(APP_VERSION),
  VITE_FEATURE_BETA_READER: booleanFlag,
  VITE_APP_SCHEME: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9+.-]*$/, 'must be a URL scheme such as "quire"')
    .default('quire'),
  VITE_ANDROID_APP_URL: optionalUrl,
  VITE_IOS_APP_URL: optionalUrl,
});

export interface Env {
  /** Base of the main API, without a trailing slash (`/api/v4`). */
  apiBase: string;
  appVersion: string;
  /** Sent as `X-Platform`; the web build is always `web`. */
  platform: 'web';
  features: {
    /** Beta-reader `request_feedback` section: shown only with this flag. Off by default. */
    betaReader: boolean;
  };
  /** Custom URL scheme of the native apps, used by `auth_redir` deep links. */
  appScheme: string;
  /** Store pages of the native apps; when absent the mobile banner points at the downloads page. */
  storeUrls: { android: string | undefined; ios: string | undefined };
}

/** Parses raw variables; throws a readable error listing every problem. */
export function parseEnv(raw: Record<string, unknown>): Env {
  const result = rawEnvSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Invalid environment configuration:\n${z.prettifyError(result.error)}`);
  }
  const value = result.data;
  return {
    apiBase: value.VITE_API_BASE.replace(/\/+$/, ''),
    appVersion: value.VITE_APP_VERSION,
    platform: 'web',
    features: { betaReader: value.VITE_FEATURE_BETA_READER },
    appScheme: value.VITE_APP_SCHEME,
    storeUrls: { android: value.VITE_ANDROID_APP_URL, ios: value.VITE_IOS_APP_URL },
  };
}

export const env: Env = parseEnv(import.meta.env);
