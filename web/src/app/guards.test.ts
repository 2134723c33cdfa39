import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSelectedCompany, setSession } from '../lib/session';
import { guardedPath } from './guards';

/** A Storage kept in memory: the guards read the session and the selected company from the browser's storages. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

const signIn = (role: 'Admin' | 'PartnerOwner' | 'Member') => setSession({ name: 'X', role, token: 't' });

describe('guardedPath: where the route guards end, so preloads ask only for the page that will show', () => {
  it('sends a visitor without a session to the login page', () => {
    expect(guardedPath('/member/home')).toBe('/login');
    expect(guardedPath('/partner/home')).toBe('/login');
  });

  it('sends a Member without a selected company from a company page to the companies list', () => {
    signIn('Member');
    expect(guardedPath('/member/home')).toBe('/member/companies');
    expect(guardedPath('/member/tickets')).toBe('/member/companies');
    expect(guardedPath('/member/companies')).toBe('/member/companies');
    expect(guardedPath('/partner/home')).toBe('/member/companies');
  });

  it('lets a Member with a selected company through, and sends them from the partner area to the products home', () => {
    signIn('Member');
    setSelectedCompany({ id: 'c1', uf: 'SP' });
    expect(guardedPath('/member/home')).toBe('/member/home');
    expect(guardedPath('/partner/users')).toBe('/member/home');
  });

  it('lets partner staff and the Admin into the partner area', () => {
    signIn('PartnerOwner');
    expect(guardedPath('/partner/home')).toBe('/partner/home');
    signIn('Admin');
    expect(guardedPath('/partner/logs')).toBe('/partner/logs');
  });
});
