import { describe, expect, it } from 'vitest';
import { type SampleNfe, sampleNfe } from './sample-nfe.js';
import { el } from './sample-xml.js';
import { bundledTables, insert, remove } from './test-support.js';
import { validateNfeRules } from './validate.js';
import type { XNode } from './xml-node.js';

// Documents SEFAZ accepts that the rule book rejected: rules a later NT removed or gave exceptions, and tolerances the
// MOC's footnotes set. Each case is a synthetic NF-e built for the row it cites; the rule's own positive and negative
// cases stay in rules-document.test.ts / rule-book.test.ts.
const tables = bundledTables();
const I = 'NFe/infNFe';
const agora = new Date('2026-10-11T12:00:00-03:00');
const found = (t: XNode, id: string) =>
  validateNfeRules(t, { tabelas: tables, agora }).rejeicoes.filter((f) => f.regra === id);
const emit = { cnpj: '11222333000181', uf: 'SP', crt: '3' } as const;

describe('NT 2024.003 v1.09: I08-94 (771) removed, production until 20/03/2026', () => {
  const foreignBuyer = (data: string) => {
    const s: SampleNfe = {
      emitente: emit,
      destinatario: { cpf: '52998224725', uf: 'RJ', contribuinte: false },
      data,
      items: [
        {
          vProd: '100.00',
          icms: { cst: '00', pICMS: '12' },
          difal: { pICMSUFDest: '20', pICMSInter: '12', pFCPUFDest: '0' },
        },
      ],
    };
    const t = sampleNfe(s);
    remove(t, `${I}/dest/CPF`);
    insert(t, `${I}/dest`, el('idEstrangeiro', 'P1234567'), 'xNome');
    return t;
  };

  it('an interstate sale to a foreign buyer (idEstrangeiro) issued from 20/03/2026 is not rejected', () => {
    expect(found(foreignBuyer('2026-03-20'), 'I08-94')).toEqual([]);
    expect(found(foreignBuyer('2026-06-10'), 'I08-94')).toEqual([]);
  });

  it('the same sale issued before the removal still gets 771', () => {
    expect(found(foreignBuyer('2026-03-19'), 'I08-94').map((f) => f.codigo)).toEqual(['771']);
  });
});
