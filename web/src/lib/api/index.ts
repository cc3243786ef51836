import { env } from '@/config/env';

import { createApiClient } from './client';

export { ApiError, CLIENT_ERROR_CODES, isApiError } from './api-error';
export type { ApiErrorKind } from './api-error';
export {
  createApiClient,
  isAuthPath,
  refreshesOnUnauthorized,
  REFRESH_TOKEN_PATH,
  REQUESTED_WITH,
  TOKEN_REFRESH_POLL_MS,
  TOKEN_REFRESH_WAIT_MS,
} from './client';
export { unwrapEnvelope } from './envelope';
export type { ApiClient, ApiClientConfig, HttpMethod, RequestOptions } from './client';

/** The app's client for the main API (`/api/v4`). */
export const api = createApiClient({
  baseUrl: env.apiBase,
  appVersion: env.appVersion,
  platform: env.platform,
});
