import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { readJson, storageKeys, writeJson } from './storage';

export interface TDomainBranding {
  urlLogo: string | null;
  displayName: string;
  displayNameShort: string;
}

/** Branding of the production domain, used while developing on a local host (spec 01 §1). */
export const PRODUCTION_DOMAIN = 'app.plataformafiscal.com.br';
export const DEFAULT_BRANDING: TDomainBranding = {
  urlLogo: null,
  displayName: 'Plataforma Fiscal',
  displayNameShort: 'PF',
};

export function resolveBrandingDomain(hostname: string): string {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' ? PRODUCTION_DOMAIN : hostname;
}

/** GET /partners/domain?nameDomain=: first match wins; no match keeps the default branding. */
export async function fetchDomainBranding(nameDomain: string): Promise<TDomainBranding> {
  const rows = await apiRequest<TDomainBranding[]>('/partners/domain', {
    query: { nameDomain },
    silent: true,
    noSpinner: true,
  });
  const first = rows?.[0];
  const branding = first
    ? { urlLogo: first.urlLogo, displayName: first.displayName, displayNameShort: first.displayNameShort }
    : DEFAULT_BRANDING;
  writeJson(localStorage, storageKeys.domain, branding);
  return branding;
}

export const domainQueryOptions = (nameDomain = resolveBrandingDomain(window.location.hostname)) =>
  queryOptions({
    queryKey: ['domain', nameDomain],
    queryFn: () => fetchDomainBranding(nameDomain),
    // The record kept locally paints the bar at once; the call refreshes it in the background.
    placeholderData: () => readJson<TDomainBranding>(localStorage, storageKeys.domain, DEFAULT_BRANDING),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useDomainBranding(): TDomainBranding {
  const { data } = useQuery(domainQueryOptions());
  return data ?? DEFAULT_BRANDING;
}
