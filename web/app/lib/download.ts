import { ApiError } from './api.ts';

/** A file from the API (the bearer token lives in browser storage, so a plain link cannot carry it). */
async function apiDownload(path: string, token: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    let message: unknown;
    try {
      message = ((await response.json()) as { error?: unknown }).error;
    } catch {
      message = undefined;
    }
    if (typeof message === 'string' && message) throw new ApiError(response.status, message, true);
    throw new ApiError(response.status, `Request failed with status ${response.status}`, false);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download.pdf';
  return { blob: await response.blob(), filename };
}

/** Hands a downloaded file to the browser's own download (a link with `download`, clicked once). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads a file of the API and hands it to the browser (the PDFs and exports of the screens). */
export async function downloadFile(path: string, token: string): Promise<void> {
  const { blob, filename } = await apiDownload(path, token);
  saveBlob(blob, filename);
}
