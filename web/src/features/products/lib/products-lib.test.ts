import { isValidGtin } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { pickSymbology } from './barcode';
import {
  type CheckedProduct,
  checkPage,
  loadCheckedProducts,
  MAX_CHECKED,
  saveCheckedProducts,
  toggleChecked,
} from './checked-products';
import { getProductActions } from './product-actions';
import { buildSampleCsv } from './sample-file';
import { addToHistory, loadSearchHistory, saveSearch } from './search-history';
import {
  checkDateRange,
  cleanSearchText,
  defaultSearchOptions,
  describeCardFilter,
  hasCardFlag,
  mergeSearchOptions,
  normalizeForRole,
  searchMessages,
  toProductsQuery,
} from './search-options';

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

const product = (i: number, status = 'Pending'): CheckedProduct => ({
  id: `p${i}`,
  internalCode: `C${i}`,
  gtin: null,
  description: `PRODUTO ${i}`,
  status,
});

describe('search options', () => {
  it('warns (10 s) when only one date is filled and refuses an end before the start', () => {
    expect(checkDateRange('', '')).toBeNull();
    expect(checkDateRange('2025-01-01', '')).toEqual({
      level: 'warning',
      message: searchMessages.singleDate,
      durationMs: 10_000,
    });
    expect(checkDateRange('', '2025-01-01')?.level).toBe('warning');
    expect(checkDateRange('2025-02-01', '2025-01-31')).toEqual({
      level: 'error',
      message: searchMessages.endBeforeStart,
    });
    expect(checkDateRange('2025-02-01', '2025-02-01')).toBeNull();
  });

  it('strips every whitespace from GTIN and code searches, trims descriptions', () => {
    expect(cleanSearchText('gtin', ' 789 1234\t567 895 ')).toBe('7891234567895');
    expect(cleanSearchText('internalCode', 'AB 12')).toBe('AB12');
    expect(cleanSearchText('description', '  arroz  tipo 1 ')).toBe('arroz  tipo 1');
  });

  it('forces the in-audit filters off for members only', () => {
    const o = { ...defaultSearchOptions, audit: true };
    expect(normalizeForRole(o, true)).toMatchObject({ inAudit: false, audit: false });
    expect(normalizeForRole(o, false)).toMatchObject({ inAudit: true, audit: true });
  });

  it('takes indicator-card flags over the defaults and ignores junk', () => {
    const o = mergeSearchOptions({ pending: true, classified: false, finished: true, field: 'x' as never });
    expect(o).toMatchObject({
      pending: true,
      classified: false,
      returned: false,
      finished: true,
      field: 'description',
    });
    expect(mergeSearchOptions(null)).toEqual(defaultSearchOptions);
  });

  it('takes a health-check finding from the health screen, with every situation still listed', () => {
    const o = mergeSearchOptions({ healthFinding: 'GTIN_INVALID' });
    expect(hasCardFlag(o)).toBe(true);
    expect(describeCardFilter(o)).toBe('Achado: GTIN com dígito verificador ou tamanho inválido');
    const q = toProductsQuery('c1', o, 1, true);
    expect(q).toMatchObject({ healthFinding: 'GTIN_INVALID', pending: undefined, classified: undefined });
    // An unknown kind (an old link, a typo) is dropped rather than sent to the API.
    expect(mergeSearchOptions({ healthFinding: 'XYZ' as never }).healthFinding).toBeUndefined();
  });

  it('lists only the situation of an indicators card', () => {
    const card = { pending: true, finished: false, finishedByFiscalServiceLink: false, returned: false, audit: false };
    const q = toProductsQuery('c1', mergeSearchOptions(card), 1, true);
    expect(q).toMatchObject({ pending: true, classified: false, returned: false, inAudit: false });
    expect(q.finished).toBeUndefined();
    const classified = toProductsQuery('c1', mergeSearchOptions({ ...card, pending: false, finished: true }), 1, true);
    expect(classified).toMatchObject({ pending: false, classified: false, returned: false, finished: true });
  });

  it('sends no status flag when every situation is on (Error products listed too)', () => {
    const q = toProductsQuery('c1', normalizeForRole(defaultSearchOptions, true), 2, true);
    expect(q).toMatchObject({ companyId: 'c1', page: 2, field: 'description' });
    expect([q.pending, q.classified, q.returned, q.inAudit]).toEqual([undefined, undefined, undefined, undefined]);
    // staff with in-audit off: the three others are sent
    const staff = toProductsQuery('c1', { ...defaultSearchOptions, inAudit: false }, 1, false);
    expect(staff).toMatchObject({ pending: true, classified: true, returned: true, inAudit: false });
    expect(toProductsQuery('c1', { ...defaultSearchOptions, field: 'gtin', text: ' 789 1 ' }, 1, false).text).toBe(
      '7891',
    );
  });
});

describe('search history', () => {
  it('keeps 10 distinct entries, newest first, a repeated search moving to the top', () => {
    let h: (typeof defaultSearchOptions)[] = [];
    for (let i = 0; i < 12; i++) h = addToHistory(h, { ...defaultSearchOptions, text: `t${i}` });
    expect(h).toHaveLength(10);
    expect(h[0]?.text).toBe('t11');
    expect(h[9]?.text).toBe('t2');
    h = addToHistory(h, { ...defaultSearchOptions, text: 't5' });
    expect(h).toHaveLength(10);
    expect(h.map((e) => e.text).slice(0, 3)).toEqual(['t5', 't11', 't10']);
  });

  it('is stored under searchHistory', () => {
    const storage = memoryStorage();
    saveSearch({ ...defaultSearchOptions, text: 'a' }, storage);
    saveSearch({ ...defaultSearchOptions, text: 'b' }, storage);
    saveSearch({ ...defaultSearchOptions, text: 'a' }, storage);
    expect(JSON.parse(storage.getItem('searchHistory') ?? '[]').map((e: { text: string }) => e.text)).toEqual([
      'a',
      'b',
    ]);
    expect(loadSearchHistory(storage)).toHaveLength(2);
  });
});

describe('marking', () => {
  it('marks only Pending and InAudit products and refuses the 301st', () => {
    expect(toggleChecked([], product(1, 'Classified')).refused).toBe('notMarkable');
    expect(toggleChecked([], product(1, 'InAudit')).checked).toHaveLength(1);
    const full = Array.from({ length: MAX_CHECKED }, (_, i) => product(i));
    expect(toggleChecked(full, product(999)).refused).toBe('overLimit');
    // unmarking is always allowed
    expect(toggleChecked(full, product(0)).checked).toHaveLength(MAX_CHECKED - 1);
  });

  it('page select-all skips other statuses and stops at 300, saying so', () => {
    const page = [product(1), product(2, 'Classified'), product(3, 'InAudit'), product(4, 'Returned')];
    const r = checkPage([], page);
    expect(r.checked.map((c) => c.id)).toEqual(['p1', 'p3']);
    expect(r.isPartial).toBe(false);
    const almost = Array.from({ length: MAX_CHECKED - 1 }, (_, i) => product(100 + i));
    const r2 = checkPage(almost, page);
    expect(r2.checked).toHaveLength(MAX_CHECKED);
    expect(r2.checked.at(-1)?.id).toBe('p1');
    expect(r2.isPartial).toBe(true);
  });

  it('keeps the marks per company id under checkedProducts', () => {
    const storage = memoryStorage();
    saveCheckedProducts('c1', [product(1)], storage);
    saveCheckedProducts('c2', [product(2), product(3)], storage);
    expect(loadCheckedProducts('c1', storage).map((p) => p.id)).toEqual(['p1']);
    expect(Object.keys(JSON.parse(storage.getItem('checkedProducts') ?? '{}'))).toEqual(['c1', 'c2']);
    saveCheckedProducts('c1', [], storage);
    expect(loadCheckedProducts('c1', storage)).toEqual([]);
  });
});

describe('row actions (spec 02 §6)', () => {
  const member = { isMember: true, canDelete: true };
  const staff = { isMember: false, canDelete: true };
  const p = (status: string, gtin: string | null = null, ref: string | null = null) => ({
    status,
    gtin,
    fiscalServiceReferenceCode: ref,
  });

  it('offers details/operations/open ticket for Classified, occurrences for Error, barcode with a GTIN', () => {
    expect(getProductActions(p('Classified', '7891234567895'), member)).toEqual([
      'details',
      'operations',
      'ticket',
      'barcode',
      'delete',
    ]);
    expect(getProductActions(p('Error'), member)).toEqual(['occurrences']);
    expect(getProductActions(p('Pending'), member)).toEqual(['ticket', 'bind', 'delete']);
  });

  it('gives staff unbind (with integration code), delete of Returned and audit of InAudit', () => {
    expect(getProductActions(p('Classified', null, 'REF1'), member)).not.toContain('unbind');
    expect(getProductActions(p('Classified', null, 'REF1'), staff)).toContain('unbind');
    expect(getProductActions(p('Classified'), staff)).not.toContain('unbind');
    expect(getProductActions(p('Returned'), member)).toEqual(['audit']);
    expect(getProductActions(p('Returned'), staff)).toEqual(['delete', 'audit']);
    expect(getProductActions(p('InAudit'), member)).toEqual([]);
    expect(getProductActions(p('InAudit'), staff)).toEqual(['bind', 'decide', 'audit']);
    expect(getProductActions(p('Pending'), { ...member, canBind: false })).toEqual(['ticket', 'delete']);
  });

  it('hides delete from a member without the Delete permission', () => {
    expect(getProductActions(p('Pending'), { isMember: true, canDelete: false })).toEqual(['ticket', 'bind']);
  });
});

describe('barcode symbology', () => {
  it('draws EAN-13 for 13 digits, ITF-14 for 14, EAN-8 and UPC-A as they fit', () => {
    expect(pickSymbology('7891234567895')).toMatchObject({ bcid: 'ean13', text: '7891234567895' });
    expect(pickSymbology('17891234567892')).toMatchObject({ bcid: 'itf14' });
    expect(pickSymbology('07891234567895')).toMatchObject({ bcid: 'ean13', text: '7891234567895' });
    expect(pickSymbology('96385074')).toMatchObject({ bcid: 'ean8' });
    expect(pickSymbology('00000096385074')).toMatchObject({ bcid: 'ean8', text: '96385074' });
    expect(pickSymbology('036000291452')).toMatchObject({ bcid: 'upca' });
    expect(pickSymbology('7891234567890')).toBeNull();
    expect(pickSymbology('ABC')).toBeNull();
    expect(pickSymbology(null)).toBeNull();
  });
});

describe('sample import file', () => {
  it('has the layout header and valid lines', () => {
    const [header, ...lines] = buildSampleCsv().split('\r\n');
    expect(header).toBe('CodigoInterno;DescricaoProduto;GTIN/EAN');
    expect(lines).toHaveLength(2);
    expect(isValidGtin(lines[0]!.split(';')[2]!)).toBe(true);
  });
});
