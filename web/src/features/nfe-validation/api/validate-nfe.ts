import type { ErrorBody, TNfeCompleteResponse, TNfeValidationResponse } from '@app/contract';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';

/**
 * POST /nfe/validate with the XML as the raw body (the shared client sends JSON only). A refused body (400/413/415)
 * comes back as the error's Portuguese detail for the document's own card; other errors get the usual toasts.
 */
export function validateNfe(xml: string, data: string | null): Promise<TNfeValidationResponse> {
  return postXml<TNfeValidationResponse>('/nfe/validate', xml, data);
}

/** POST /nfe/complete: the same body, answered with the completed XML and its validation. */
export function completeNfe(xml: string, data: string | null): Promise<TNfeCompleteResponse> {
  return postXml<TNfeCompleteResponse>('/nfe/complete', xml, data);
}

async function postXml<T>(path: string, xml: string, data: string | null): Promise<T> {
  const qs = data ? `?data=${encodeURIComponent(data)}` : '';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${qs}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/xml' },
      body: xml,
    });
  } catch {
    const err = new ApiError(500, undefined);
    notifyApiError(err);
    throw err;
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const err = new ApiError(res.status, body as ErrorBody | undefined);
    if (![400, 413, 415].includes(res.status)) notifyApiError(err);
    throw err;
  }
  return body as T;
}
