/**
 * `POST manuscripts/{id}/export`: the file comes back as bytes (not JSON), refusals in the
 * envelope. The app's headers and CSRF guard as every call; one token refresh on a 401.
 */
import { z } from 'zod';

import { env } from '@/config/env';
import { api, ApiError, CLIENT_ERROR_CODES, REQUESTED_WITH, unwrapEnvelope } from '@/lib/api';

import type { ExportRequest } from './export-options';
import { FORMAT_EXTENSIONS, fileNameOf } from './export-options';

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

async function send(manuscriptId: string, body: ExportRequest): Promise<Response> {
  try {
    return await fetch(`${env.apiBase}/manuscripts/${encodeURIComponent(manuscriptId)}/export`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: '*/*',
        'Content-Type': 'application/json',
        'X-App-Version': env.appVersion,
        'X-Platform': env.platform,
        'X-Requested-With': REQUESTED_WITH,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(CLIENT_ERROR_CODES.network, 'network', 0);
  }
}

/** The exported file and its name (from `Content-Disposition`, else the title and extension). */
export async function exportManuscript(
  manuscriptId: string,
  body: ExportRequest,
  fallbackTitle: string,
): Promise<ExportedFile> {
  let response = await send(manuscriptId, body);
  if (response.status === 401 && (await api.refreshToken())) {
    response = await send(manuscriptId, body);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    let envelope: unknown;
    try {
      envelope = await response.json();
    } catch {
      throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, 'invalid_response', response.status);
    }
    // A success envelope where a file was expected is not an answer this call knows.
    unwrapEnvelope(envelope, response.status, z.never());
  }
  const fallback = `${fallbackTitle.trim() || 'manuscript'}.${FORMAT_EXTENSIONS[body.format]}`;
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallback),
  };
}

/** Hands the file to the browser as a download. */
export function saveFile(file: ExportedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released once it has been read.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
