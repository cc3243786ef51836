/**
 * The .docx import calls (`imports/docx/preview`, `imports/docx`): multipart uploads over
 * XMLHttpRequest, whose upload reports progress (fetch has none), with the API client's
 * headers, CSRF guard, envelope and one token refresh on a 401.
 */
import { z } from 'zod';

import { env } from '@/config/env';
import { api, ApiError, CLIENT_ERROR_CODES, REQUESTED_WITH, unwrapEnvelope } from '@/lib/api';

import type { ImportPlan } from './import-plan';

const counts = z.object({
  words: z.number(),
  paragraphs: z.number(),
  footnotes: z.number(),
  comments: z.number(),
  images: z.number(),
});
export type LedgerCounts = z.infer<typeof counts>;
export const LEDGER_KEYS = ['words', 'paragraphs', 'footnotes', 'comments', 'images'] as const;

const sectionSchema = counts.extend({
  index: z.number(),
  level: z.enum(['chapter', 'subchapter']),
  title: z.string(),
  blocks: z.array(z.object({ index: z.number(), text: z.string() })),
});
export type PreviewSection = z.infer<typeof sectionSchema>;

const previewSchema = z.object({
  file_name: z.string(),
  title: z.string(),
  sections: z.array(sectionSchema),
  ledger: z.object({
    found: counts,
    created: counts,
    unsupported: z.array(z.object({ kind: z.string(), count: z.number(), text_kept: z.boolean() })),
    warnings: z.array(z.object({ code: z.string(), count: z.number() })),
  }),
});
export type ImportPreview = z.infer<typeof previewSchema>;

const importedSchema = z.object({ manuscript_id: z.string(), chapter_ids: z.array(z.string()) });
export type ImportResult = z.infer<typeof importedSchema>;

/** How far an upload is: bytes sent of the whole, then the server reading the document. */
export type UploadProgress =
  { phase: 'uploading'; sent: number; total: number } | { phase: 'reading' };

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The server takes a .docx of at most 40 MiB. */
export const MAX_DOCX_BYTES = 40 * 1024 * 1024;

interface RawAnswer {
  status: number;
  text: string;
}

function upload(path: string, form: FormData, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiBase}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-App-Version', env.appVersion);
    xhr.setRequestHeader('X-Platform', env.platform);
    xhr.setRequestHeader('X-Requested-With', REQUESTED_WITH);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        options.onProgress?.({ phase: 'uploading', sent: event.loaded, total: event.total });
      }
    };
    xhr.upload.onload = () => {
      options.onProgress?.({ phase: 'reading' });
    };
    xhr.onload = () => {
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      reject(new ApiError(CLIENT_ERROR_CODES.network, 'network', 0));
    };
    xhr.onabort = () => {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    options.signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    xhr.send(form);
  });
}

function readAnswer<T>(answer: RawAnswer, schema: z.ZodType<T>): T {
  let body: unknown;
  try {
    body = JSON.parse(answer.text) as unknown;
  } catch {
    // A proxy in front of the server may refuse a large body with a page of its own.
    if (answer.status === 413) throw new ApiError('payload_too_large', 'failed', 413);
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, 'invalid_response', answer.status);
  }
  return unwrapEnvelope(body, answer.status, schema);
}

async function sendForm<T>(
  path: string,
  makeForm: () => FormData,
  schema: z.ZodType<T>,
  options: UploadOptions,
): Promise<T> {
  let answer = await upload(path, makeForm(), options);
  if (answer.status === 401 && (await api.refreshToken())) {
    answer = await upload(path, makeForm(), options);
  }
  return readAnswer(answer, schema);
}

/** `POST imports/docx/preview`: what the server reads in the file, nothing written. */
export function previewDocx(
  file: File,
  h2AsSubchapters: boolean,
  options: UploadOptions = {},
): Promise<ImportPreview> {
  return sendForm(
    '/imports/docx/preview',
    () => {
      const form = new FormData();
      form.append('file', file);
      form.append('h2_as_subchapters', String(h2AsSubchapters));
      return form;
    },
    z.object({ preview: previewSchema }),
    options,
  ).then((data) => data.preview);
}

/** `POST imports/docx`: the manuscript (or the appended chapters) written in one go. */
export function importDocx(
  file: File,
  plan: ImportPlan,
  options: UploadOptions = {},
): Promise<ImportResult> {
  return sendForm(
    '/imports/docx',
    () => {
      const form = new FormData();
      form.append('file', file);
      form.append('plan', JSON.stringify(plan));
      return form;
    },
    importedSchema,
    options,
  );
}
