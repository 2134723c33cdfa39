import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { productCents, productCheck } from './money.js';
import { type SampleNfe, sampleNfe } from './sample-nfe.js';
import { el } from './sample-xml.js';
import { bundledTables, find, insert, remove, setText } from './test-support.js';
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

describe('NT 2024.003 v1.04 (production 01/03/2026): N12a-70 (600) exceptions 4 and 5 for the MEI (CRT=4) with CSOSN 900', () => {
  // NT 2024.003 §4, N. Item / Tributo: ICMS, N12a-70: "Exceção 4: A critério da UF, a regra de validação acima não se
  // aplica para o MEI (CRT=4) nas operações de Remessa com os CFOP 5904 e 6904 e CSOSN=900. Exceção 5: ... não se
  // aplica para o MEI (CRT=4) nas operações de Remessa com os CFOP 5551 ou 6551, e CSOSN=900."
  const mei = (cfop: string, data: string, crt = '4') => {
    const t = sampleNfe({
      emitente: { cnpj: '11222333000181', uf: 'SP', crt: '1' },
      destinatario: { cpf: '52998224725', uf: 'SP', contribuinte: false },
      data,
      items: [{ vProd: '1000.00', cfop, icms: { csosn: '900' } }],
    });
    setText(t, `${I}/emit/CRT`, crt);
    return t;
  };

  it('a MEI remessa with CFOP 5551 (exception 5) or 5904 (exception 4, left to the UF) is not rejected from 01/03/2026', () => {
    expect(found(mei('5551', '2026-06-10'), 'N12a-70')).toEqual([]);
    expect(found(mei('5904', '2026-03-01'), 'N12a-70')).toEqual([]);
  });

  it('still rejected before the NT in production, for a CRT other than 4, or another CFOP', () => {
    expect(found(mei('5551', '2026-02-27'), 'N12a-70').map((f) => f.codigo)).toEqual(['600']);
    expect(found(mei('5551', '2026-06-10', '1'), 'N12a-70').map((f) => f.codigo)).toEqual(['600']);
    expect(found(mei('5102', '2026-06-10'), 'N12a-70').map((f) => f.codigo)).toEqual(['600']);
  });
});

describe('MOC 7.0 annex I note (*4): the product rounded to two places, then R$ 0,01 for more or less', () => {
  // "(*4) O valor resultante da multiplicação deve ser arredondado para um valor numérico com duas casas decimais.
  // Considerar uma tolerância de R$ 0,01 para mais ou para menos na validação." 333.33 × 2 % = 6.6666 → 6.67.
  it('productCents rounds half-up exactly (no binary floating point)', () => {
    expect(productCents('333.33', '2')).toBe(667);
    expect(productCents('0.50', '1.0000')).toBe(1); // 0.005 → 0.01 (half-up)
    expect(productCents('0.49', '1')).toBe(0); // 0.0049 → 0.00
    expect(productCents('1000.00', '18.00')).toBe(18000);
    expect(productCents('x', '2')).toBeNull();
  });

  it('6.66 and 6.68 are accepted, 6.65 and 6.69 rejected', () => {
    const ok = (v: string) => productCheck(v, '333.33', '2')!.ok;
    expect([ok('6.66'), ok('6.67'), ok('6.68')]).toEqual([true, true, true]);
    expect([ok('6.65'), ok('6.69')]).toEqual([false, false]);
  });

  it('NA13-10 (793): vFCPUFDest 6.68 on 333.33 × 2 % is accepted, 6.69 rejected', () => {
    const withFcp = (v: string) => {
      const t = sampleNfe({
        emitente: emit,
        destinatario: { cpf: '52998224725', uf: 'BA', contribuinte: false },
        data: '2026-06-10',
        items: [
          {
            vProd: '333.33',
            icms: { cst: '00', pICMS: '7' },
            difal: { pICMSUFDest: '20.5', pICMSInter: '7', pFCPUFDest: '2' },
          },
        ],
      });
      expect(find(t, `${I}/det/imposto/ICMSUFDest/vFCPUFDest`).text).toBe('6.67');
      setText(t, `${I}/det/imposto/ICMSUFDest/vFCPUFDest`, v);
      setText(t, `${I}/total/ICMSTot/vFCPUFDest`, v);
      return found(t, 'NA13-10');
    };
    expect(withFcp('6.68')).toEqual([]);
    expect(withFcp('6.66')).toEqual([]);
    expect(withFcp('6.69').map((f) => [f.codigo, f.esperado])).toEqual([['793', '6.67']]);
  });

  it('N17-20 (528): vICMS 6.68 on vBC 333.33 × pICMS 2 is accepted, 6.65 rejected', () => {
    const withIcms = (v: string) => {
      const t = sampleNfe({
        emitente: emit,
        destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
        data: '2026-06-10',
        items: [{ vProd: '333.33', icms: { cst: '00', pICMS: '2' } }],
      });
      setText(t, `${I}/det/imposto/ICMS/ICMS00/vICMS`, v);
      setText(t, `${I}/total/ICMSTot/vICMS`, v);
      return found(t, 'N17-20');
    };
    expect(withIcms('6.68')).toEqual([]);
    expect(withIcms('6.65').map((f) => f.codigo)).toEqual(['528']);
  });
});

describe('MOC 7.0 annex I, N16-20 (693) exception 1: before 01/07/2016 not applied to a non-taxpayer recipient', () => {
  // "Exceção 1: Para as NF-e com Data de Emissão anterior a 01/07/2016, a regra de validação acima não se aplica para
  // destinatário Não Contribuinte (tag:dest/indIEDest=9)." SP → BA at 18 % (the interstate rate is 7 %).
  const sale = (data: string, contribuinte: boolean) =>
    sampleNfe({
      emitente: emit,
      destinatario: contribuinte
        ? { cnpj: '11444777000161', uf: 'BA', contribuinte: true }
        : { cpf: '52998224725', uf: 'BA', contribuinte: false },
      data,
      items: [{ vProd: '100.00', icms: { cst: '00', pICMS: '18' } }],
    });

  it('an 18 % sale to a non-taxpayer in another state issued on 10/10/2015 is not rejected', () => {
    expect(found(sale('2015-10-10', false), 'N16-20')).toEqual([]);
  });

  it('the same sale from 01/07/2016, or to a taxpayer before it, still gets 693', () => {
    expect(found(sale('2016-07-01', false), 'N16-20').map((f) => f.codigo)).toEqual(['693']);
    expect(found(sale('2015-10-10', true), 'N16-20').map((f) => f.codigo)).toEqual(['693']);
  });
});

describe('Rules NT 2019.001 created apply from its dates (production 02/09/2019), not to every layout 4.00 document', () => {
  // MOC 7.0 annex I, B03-10: "cNF não pode ser igual a nNF (id: B08). (NT 2019.001 v1.00, v1.50)". Published pages
  // quoting the NT's schedule: "Implantação em Produção = 02/09/2019".
  const sameCnf = (data: string) => {
    const t = sampleNfe({
      emitente: emit,
      destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
      data,
      numero: 1234,
      items: [{ vProd: '100.00', icms: { cst: '00', pICMS: '18' } }],
    });
    setText(t, `${I}/ide/cNF`, '00001234');
    return t;
  };

  it('B03-10 (897): cNF equal to nNF on an NF-e of 10/03/2019 is not rejected', () => {
    expect(found(sameCnf('2019-03-10'), 'B03-10')).toEqual([]);
    expect(found(sameCnf('2019-09-01'), 'B03-10')).toEqual([]);
  });

  it('B03-10 (897): the same cNF from 02/09/2019 is rejected', () => {
    expect(found(sameCnf('2019-09-02'), 'B03-10').map((f) => f.codigo)).toEqual(['897']);
  });

  it('each rule the annex cites as NT 2019.001 v1.00/v1.10 starts on those dates in both environments', () => {
    for (const id of ['B03-10', 'E03a-30', 'E14-30', 'E16a-40', 'H02-10', 'N18-10', 'N18-20']) {
      const r = RULE_BOOK.find((x) => x.id === id)!;
      expect([id, r.vigencia.producao?.desde, r.vigencia.homologacao?.desde]).toEqual([id, '2019-09-02', '2019-08-26']);
    }
  });
});
