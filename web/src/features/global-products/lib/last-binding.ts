import { useSyncExternalStore } from 'react';

/**
 * The last binding of this browser session, which the server lets this session undo (decision 062). Kept in
 * sessionStorage so a reload keeps the "Desfazer" offer and a new session (new login) never sees it.
 */
export interface LastBinding {
  bindingId: string;
  description: string;
  globalCode: string;
  globalDescription: string;
  count: number;
}

const KEY = 'lastBinding';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: LastBinding | null } = { raw: null, value: null };

function read(): LastBinding | null {
  const raw = sessionStorage.getItem(KEY);
  if (raw !== cached.raw) {
    try {
      cached = { raw, value: raw ? (JSON.parse(raw) as LastBinding) : null };
    } catch {
      cached = { raw, value: null };
    }
  }
  return cached.value;
}

export function setLastBinding(value: LastBinding | null) {
  if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
  else sessionStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export function useLastBinding(): LastBinding | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => null,
  );
}
