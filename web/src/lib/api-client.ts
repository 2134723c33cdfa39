import type { ErrorBody } from '@app/contract';
import { notifyApiError } from './api-errors';
import { spinner } from './spinner';

export const API_BASE = '/v1/public';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.detail ?? `HTTP ${status}`);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined | string[]>;
  body?: unknown;
  /** Skip the global error toasts (the caller shows its own message). */
  silent?: boolean;
  /** Background calls (branding) that should not cover the screen with the spinner. */
  noSpinner?: boolean;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, item);
    else params.set(k, String(v));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The one fetch wrapper: sends cookies, shows the global spinner (except sign-in/check calls,
 * spec 01 §7) and turns non-2xx replies into ApiError after the standard toasts of spec 01 §8.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  const showSpinner = !opts.noSpinner && !/check|signin/.test(path);
  if (showSpinner) spinner.start();
  try {
    const isForm = opts.body instanceof FormData;
    const res = await fetch(url, {
      method: opts.method ?? 'GET',
      credentials: 'include',
      headers: opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
    const text = await res.text();
    const data = text ? safeJson(text) : undefined;
    if (!res.ok) {
      const err = new ApiError(res.status, data as ErrorBody | undefined);
      if (!opts.silent) notifyApiError(err);
      throw err;
    }
    return data as T;
  } catch (err) {
    if (!(err instanceof ApiError) && !(err instanceof DOMException && err.name === 'AbortError')) {
      const wrapped = new ApiError(500, undefined);
      if (!opts.silent) notifyApiError(wrapped);
      throw wrapped;
    }
    throw err;
  } finally {
    if (showSpinner) spinner.stop();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Downloads a file reply (export endpoints) and saves it under `fileName`. */
export async function downloadFile(path: string, query: RequestOptions['query'], fileName: string): Promise<void> {
  spinner.start();
  try {
    const res = await fetch(buildUrl(path, query), { credentials: 'include' });
    if (!res.ok) {
      const text = await res.text();
      throw new ApiError(res.status, text ? (safeJson(text) as ErrorBody) : undefined);
    }
    const blob = await res.blob();
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  } finally {
    spinner.stop();
  }
}
