import type { TCompany } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { filterByNomeFantasia, reconcileSelection, toSelectedCompany } from './member-company-selection';

const company = (over: Partial<TCompany>): TCompany =>
  ({
    id: 'a',
    document: '33000167000101',
    uf: 'RJ',
    razaoSocial: 'PETROLEO BRASILEIRO S A',
    nomeFantasia: 'PETROBRAS',
    status: 'Active',
    ...over,
  }) as TCompany;

describe('filterByNomeFantasia', () => {
  const list = [
    company({ id: '1', nomeFantasia: 'Mercadinho Exemplo' }),
    company({ id: '2', nomeFantasia: 'PADARIA SÃO JOÃO' }),
  ];
  it('matches a contained text ignoring case', () => {
    expect(filterByNomeFantasia(list, 'exem').map((c) => c.id)).toEqual(['1']);
    expect(filterByNomeFantasia(list, 'são').map((c) => c.id)).toEqual(['2']);
  });
  it('returns everything for an empty term and nothing for a miss', () => {
    expect(filterByNomeFantasia(list, '  ')).toHaveLength(2);
    expect(filterByNomeFantasia(list, 'xyz')).toHaveLength(0);
  });
});

describe('selection', () => {
  it('keeps only the fields stored locally', () => {
    expect(toSelectedCompany(company({ id: 'x' }))).toEqual({
      id: 'x',
      nomeFantasia: 'PETROBRAS',
      razaoSocial: 'PETROLEO BRASILEIRO S A',
      document: '33000167000101',
      uf: 'RJ',
    });
  });
  it('resets a remembered company that is no longer listed', () => {
    expect(reconcileSelection({ id: 'gone', uf: 'SP' }, [{ id: 'a' }])).toEqual({ id: 'default' });
    expect(reconcileSelection({ id: 'a', uf: 'SP' }, [{ id: 'a' }])).toEqual({ id: 'a', uf: 'SP' });
  });
});
