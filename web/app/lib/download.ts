import type { CallInput, FileName } from '@atelier/contract/endpoints';
import { failure, target } from './api-client.ts';

/** A file of the API with the bearer token (browser storage holds it, so a plain link cannot carry it). */
export async function fetchFile<K extends FileName>(name: K, input: CallInput<K> | undefined, token: string): Promise<{ blob: Blob; filename: string }> {
  const { url } = target(name, input);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw await failure(response);
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
export async function downloadFile<K extends FileName>(name: K, input: CallInput<K> | undefined, token: string): Promise<void> {
  const { blob, filename } = await fetchFile(name, input, token);
  saveBlob(blob, filename);
}
