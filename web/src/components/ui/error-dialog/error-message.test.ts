import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';

import { describeError, errorContentFrom } from './error-message';

const t = i18n.getFixedT('en');

describe('error dialog content', () => {
  it("defaults the title to 'Error' and looks the code up in api_responses", () => {
    expect(describeError(t, { code: 'not_found' })).toEqual({
      title: 'Error',
      body: 'We could not find what you were looking for.',
    });
  });

  it('falls back to the raw code when the table has no entry', () => {
    expect(describeError(t, { code: 'some_new_code' }).body).toBe('some_new_code');
  });

  it("shows the expired-session text for 'protected_not_authorized'", () => {
    expect(describeError(t, { code: 'protected_not_authorized' }).body).toBe(
      'Your session has expired. Please log in again to keep working.',
    );
  });

  it('keeps a given title and message', () => {
    expect(describeError(t, { title: 'Login Error', message: 'Nope' })).toEqual({
      title: 'Login Error',
      body: 'Nope',
    });
  });

  it('translates with the current language', () => {
    expect(describeError(i18n.getFixedT('es'), { code: 'not_authorized' }).body).toBe(
      'No tienes permiso para hacer esto.',
    );
  });

  it('takes the code of an ApiError and the generic code otherwise', () => {
    expect(errorContentFrom(new ApiError('manuscript_is_deleted', 'failed', 409))).toEqual({
      code: 'manuscript_is_deleted',
    });
    expect(errorContentFrom(new Error('boom'))).toEqual({ code: 'failed' });
  });
});
