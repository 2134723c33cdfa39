import type { ErrorBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';

export interface UploadRequest {
  companyId: string;
  files: File[];
  /** 0–100 while the files are sent (XMLHttpRequest: fetch() cannot report upload progress). */
  onProgress?: (percent: number) => void;
}

/** POST /products/documents (multipart: companyId first, then each file): answers 202 with the import's id. */
export function uploadDocuments({ companyId, files, onProgress }: UploadRequest): Promise<{ id: string }> {
  const form = new FormData();
  form.append('companyId', companyId);
  for (const f of files) form.append('file', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/products/documents`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as { id: string });
      const err = new ApiError(xhr.status, body as ErrorBody | undefined);
      notifyApiError(err);
      reject(err);
    };
    xhr.onerror = () => {
      const err = new ApiError(500, undefined);
      notifyApiError(err);
      reject(err);
    };
    xhr.send(form);
  });
}

export function useUploadDocuments(companyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSettled: () => qc.invalidateQueries({ queryKey: ['document-imports', companyId] }),
  });
}
