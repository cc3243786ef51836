/**
 * Why a file cannot be imported, as one reason code: found here from the file's name and size
 * before anything is sent, or from the server's refusal (`fields.file` of `import_failed`).
 */
import { isApiError } from '@/lib/api';

import { MAX_DOCX_BYTES } from './import-api';

/** The reasons with a text of their own (`import_export.refusal.<reason>`). */
export const REFUSAL_REASONS = [
  'format_doc',
  'format_odt',
  'format_pages',
  'format_pdf',
  'format_rtf',
  'not_docx',
  'encrypted',
  'too_many_entries',
  'uncompressed_too_large',
  'missing_document',
  'malformed_xml',
  'empty_document',
  'payload_too_large',
  'required',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const BY_EXTENSION: Record<string, RefusalReason> = {
  doc: 'format_doc',
  dot: 'format_doc',
  odt: 'format_odt',
  pages: 'format_pages',
  pdf: 'format_pdf',
  rtf: 'format_rtf',
};

function isReason(value: unknown): value is RefusalReason {
  return typeof value === 'string' && (REFUSAL_REASONS as readonly string[]).includes(value);
}

/** A reason not to send `file` at all, or null for a .docx the server may take. */
export function refusalOfFile(file: { name: string; size: number }): RefusalReason | null {
  const extension = /\.([^.]+)$/.exec(file.name.trim())?.[1]?.toLowerCase() ?? '';
  if (extension !== 'docx') return BY_EXTENSION[extension] ?? 'not_docx';
  if (file.size > MAX_DOCX_BYTES) return 'payload_too_large';
  return null;
}

/** The reason of a server refusal of an upload, or null when it is not about the file. */
export function refusalOfError(error: unknown): RefusalReason | null {
  if (!isApiError(error)) return null;
  if (error.code === 'payload_too_large') return 'payload_too_large';
  const field = error.fields?.file;
  return isReason(field) ? field : null;
}
