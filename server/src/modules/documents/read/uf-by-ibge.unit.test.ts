import { icmsUfTable } from '@app/tax-engine';
import { expect, it } from 'vitest';
import { ufByIbgeCode } from './uf-by-ibge.js';

it('the reading thread’s IBGE → UF table is the tax engine’s', () => {
  const engine = Object.entries(icmsUfTable).map(([uf, info]) => [String(info.ibgeCode), uf] as const);
  expect(new Map(engine)).toEqual(new Map(ufByIbgeCode));
});
