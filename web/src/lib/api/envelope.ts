import { z } from 'zod';

import { ApiError, CLIENT_ERROR_CODES } from './api-error';

/** Every answer of the API is one of these (the envelope of ADR 0003). */
export const envelopeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), data: z.unknown() }),
  z.object({
    status: z.literal('failed'),
    data: z.unknown(),
    fields: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ status: z.literal('error'), message: z.unknown() }),
]);

export type Envelope = z.infer<typeof envelopeSchema>;

/**
 * Returns the `data` of a successful envelope, validated by `schema`;
 * throws an `ApiError` for anything else.
 */
export function unwrapEnvelope<T>(body: unknown, httpStatus: number, schema: z.ZodType<T>): T {
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, 'invalid_response', httpStatus);
  }
  const envelope = parsed.data;
  switch (envelope.status) {
    case 'success': {
      const data = schema.safeParse(envelope.data);
      if (!data.success) {
        throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, 'invalid_response', httpStatus);
      }
      return data.data;
    }
    case 'failed':
      throw new ApiError(
        typeof envelope.data === 'string' && envelope.data !== '' ? envelope.data : 'failed',
        'failed',
        httpStatus,
        envelope.fields,
      );
    case 'error':
      throw new ApiError(
        typeof envelope.message === 'string' && envelope.message !== ''
          ? envelope.message
          : 'error',
        'error',
        httpStatus,
      );
  }
}
