import type { AnswerOf, UploadName } from '@atelier/contract/endpoints';
import { requestOf } from '@atelier/contract/pure';
import { endpoints } from '@atelier/contract/endpoints';
import { ApiError, SessionExpiredError } from './api.ts';
import { AnswerMismatchError, report } from './api-client.ts';

/** Multipart image upload with progress (fetch has no upload progress; XMLHttpRequest does): the stored file's URL. */
export async function uploadImage<K extends UploadName>(name: K, file: File, token: string | null, onProgress: (fraction: number) => void): Promise<string> {
  return ((await uploadFile(name, 'image', file, token, onProgress)) as { url: string }).url;
}

/** A file sent as the multipart field `field`, with progress: the answer, checked against the endpoint's schema. */
export function uploadFile<K extends UploadName>(
  name: K,
  field: string,
  file: File,
  token: string | null,
  onProgress: (fraction: number) => void,
): Promise<AnswerOf<K>> {
  if (!token) return Promise.reject(new SessionExpiredError('session expired'));
  const { method, url } = requestOf(name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', false));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 401) return reject(new SessionExpiredError('session expired'));
      if (xhr.status < 200 || xhr.status >= 300) {
        const message = (body as { error?: unknown } | undefined)?.error;
        return reject(
          typeof message === 'string' && message
            ? new ApiError(xhr.status, message, true)
            : new ApiError(xhr.status, `Request failed with status ${xhr.status}`, false),
        );
      }
      const checked = endpoints[name].response.safeParse(body);
      if (!checked.success) {
        const error = new AnswerMismatchError(name, xhr.status, checked.error.issues);
        report(error);
        return reject(error);
      }
      onProgress(1);
      resolve(checked.data as AnswerOf<K>);
    };
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
