import { ApiError, SessionExpiredError } from './api.ts';

/** Multipart upload with progress (fetch has no upload progress; XMLHttpRequest does). */
export function uploadImage(file: File, token: string | null, onProgress: (fraction: number) => void, path = '/api/admin/uploads'): Promise<string> {
  if (!token) return Promise.reject(new SessionExpiredError('session expired'));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', false));
    xhr.onload = () => {
      let body: { url?: string; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status === 401) return reject(new SessionExpiredError('session expired'));
      if (xhr.status >= 200 && xhr.status < 300 && body.url) {
        onProgress(1);
        return resolve(body.url);
      }
      reject(body.error ? new ApiError(xhr.status, body.error, true) : new ApiError(xhr.status, `Request failed with status ${xhr.status}`, false));
    };
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
