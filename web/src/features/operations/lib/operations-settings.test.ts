import { describe, expect, it } from 'vitest';
import { defaultOperationsSettings, loadOperationsSettings, saveOperationsSettings } from './operations-settings';

/** Minimal in-memory Storage (the unit project runs in Node, without a DOM). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('operations settings', () => {
  it('starts from the defaults of spec 02 §9 (Varejista, Revenda, Não, Não)', () => {
    const s = loadOperationsSettings(memoryStorage());
    expect(s).toEqual({ cfop: 'venda', uf: '', caracTrib: 3, finality: 0, simplesN: 'N', substICMS: 'N' });
  });

  it('remembers the last query under OperationsSearchSettings with caracTrib as an array', () => {
    const storage = memoryStorage();
    saveOperationsSettings(
      { ...defaultOperationsSettings, uf: 'RJ', caracTrib: 7, finality: 2, simplesN: 'S' },
      storage,
    );
    expect(JSON.parse(storage.getItem('OperationsSearchSettings')!)).toMatchObject({ uf: 'RJ', caracTrib: [7] });
    expect(loadOperationsSettings(storage)).toMatchObject({ uf: 'RJ', caracTrib: 7, finality: 2, simplesN: 'S' });
  });

  it('ignores stored values that are not valid options', () => {
    const storage = memoryStorage();
    storage.setItem(
      'OperationsSearchSettings',
      JSON.stringify({ uf: 'XX', caracTrib: [5], finality: 9, cfop: 'troca' }),
    );
    expect(loadOperationsSettings(storage)).toEqual(defaultOperationsSettings);
  });
});
