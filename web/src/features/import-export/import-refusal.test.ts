import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api';

import { MAX_DOCX_BYTES } from './import-api';
import { refusalOfError, refusalOfFile } from './import-refusal';

describe('which files the import refuses before sending them', () => {
  it.each([
    ['Novel.doc', 'format_doc'],
    ['Novel.ODT', 'format_odt'],
    ['Novel.pages', 'format_pages'],
    ['Novel.pdf', 'format_pdf'],
    ['Novel.rtf', 'format_rtf'],
    ['Novel.txt', 'not_docx'],
    ['Novel', 'not_docx'],
  ])('names the format of %s', (name, reason) => {
    expect(refusalOfFile({ name, size: 1000 })).toBe(reason);
  });

  it('takes a .docx up to 40 MiB and refuses a larger one', () => {
    expect(refusalOfFile({ name: 'Novel.DOCX', size: MAX_DOCX_BYTES })).toBeNull();
    expect(refusalOfFile({ name: 'Novel.docx', size: MAX_DOCX_BYTES + 1 })).toBe(
      'payload_too_large',
    );
  });
});

describe('the reason of a server refusal', () => {
  it('is the file field of import_failed, or payload_too_large', () => {
    const failed = (fields: Record<string, unknown>) =>
      new ApiError('import_failed', 'failed', 422, fields);
    expect(refusalOfError(failed({ file: 'encrypted' }))).toBe('encrypted');
    expect(refusalOfError(failed({ file: 'format_pages' }))).toBe('format_pages');
    expect(refusalOfError(new ApiError('payload_too_large', 'failed', 413))).toBe(
      'payload_too_large',
    );
    expect(
      refusalOfError(new ApiError('invalid_fields', 'failed', 422, { file: 'required' })),
    ).toBe('required');
  });

  it('is none for a refusal that is not about the file', () => {
    expect(refusalOfError(new ApiError('not_found', 'failed', 404))).toBeNull();
    expect(
      refusalOfError(new ApiError('import_failed', 'failed', 422, { file: 'odd' })),
    ).toBeNull();
    expect(refusalOfError(new Error('boom'))).toBeNull();
  });
});
