/**
 * `POST uploads/`: keeps a file of a manuscript (a cover, an element's picture) on the server and
 * answers the URL it is read at. The server takes PNG, JPEG, GIF, WebP and PDF files up to
 * 10 MiB, sent as a `data:` URL; the checks here refuse a file before it is sent.
 */
import type { TFunction } from 'i18next';
import { z } from 'zod';

import { api, isApiError } from '@/lib/api';
import { apiResponseText } from '@/lib/i18n';

/** The largest file the server keeps: 10 MiB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The picture types the server keeps (a browser shows each of them). */
export const IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];

/** The document types the server keeps (a PDF, which a browser shows in a tab of its own). */
export const DOCUMENT_TYPES: readonly string[] = ['application/pdf'];

/** Why a file is refused before it is sent: the server's codes for the same refusals. */
export type UploadRefusal = 'unsupported_file_type' | 'file_too_large';

/** The refusal of a file of one of `types` to upload, or null when it may be sent. */
export function uploadRefusal(
  file: { type: string; size: number },
  types: readonly string[],
): UploadRefusal | null {
  if (!types.includes(file.type.toLowerCase())) return 'unsupported_file_type';
  if (file.size > UPLOAD_MAX_BYTES) return 'file_too_large';
  return null;
}

const uploadAnswer = z.looseObject({ url: z.string().min(1) });

/** The file as a `data:` URL, the form `POST uploads/` takes. */
function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file did not read as a data URL.'));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('The file could not be read.'));
    };
    reader.readAsDataURL(file);
  });
}

/** Keeps `file` as an upload of the manuscript and answers its URL. */
export async function uploadFile(manuscriptId: string, file: File): Promise<string> {
  const data = await dataUrlOf(file);
  const answer = await api.post(
    '/uploads/',
    {
      manuscript_id: manuscriptId,
      file: { name: file.name, data, type: file.type },
    },
    uploadAnswer,
  );
  return answer.url;
}

/**
 * What to tell the writer when an upload failed: `offline` when the server could not be
 * reached, else the server's refusal (an unexpected error is logged too).
 */
export function uploadFailureText(t: TFunction, error: unknown, offline: string): string {
  if (!isApiError(error)) console.error(error);
  if (isApiError(error) && error.kind === 'network') return offline;
  return apiResponseText(t, isApiError(error) ? error.code : 'failed');
}
