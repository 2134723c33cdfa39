import { describe, expect, it } from 'vitest';
import { TaxInputError } from '../input-checks.js';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { NfeItemInput } from './types.js';

const sale = (over: Partial<NfeItemInput['operacao']> = {}): NfeItemInput['operacao'] => ({
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  ...over,
});
const item = (over: Partial<NfeItemInput['item']>): NfeItemInput['item'] => ({
  vProd: 1000,
  icms: { cst: '00', pICMS: 18 },
  ...over,
});
const step = (r: ReturnType<typeof calculateNfeItem>, campo: string) => r.memoria.find((s) => s.campo === campo);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof TaxInputError) return { field: err.field, message: err.message };
    throw err;
  }
  throw new Error('expected a TaxInputError');
};

describe('IPI', () => {
  it('ad valorem on the domestic operation value: freight in, unconditional discount out → 95.00', () => {
    // RIPI (Decreto 7.212/2010) art. 190, II and §1º: valor total da operação, with freight; STF RE 567.935
    // (Tema 84): unconditional discounts are not part of the base. (1000 + 50 − 100) × 10 % = 95.00
    const r = calculateNfeItem({
      operacao: sale(),
      item: item({ vFrete: 50, vDesc: 100, ipi: { cst: '50', cEnq: '999', pIPI: 10 } }),
    });
    expect(r.vIPI).toBe(95);
    expect(step(r, 'vIPI')?.baseLegal).toContain('art. 190, II');
    expect(step(r, 'vIPI')?.baseLegal).toContain('RE 567.935');
  });

  it('accepts TIPI rates of 100 % and more: cigarettes (2402.20.00) at 300 % → 300.00', () => {
    // TIPI (Decreto 11.158/2022), 2402.20.00: 300 %. 100.00 × 300 % = 300.00
    const r = calculateNfeItem({ operacao: sale(), item: item({ vProd: 100, ipi: { cst: '50', pIPI: 300 } }) });
    expect(r.vIPI).toBe(300);
  });

  it('per unit: qUnid × vUnid (Lei 7.798/1989) → 120 × 0.2770 = 33.24', () => {
    // MOC NF-e, grupo IPITrib: vIPI = qUnid × vUnid; RIPI art. 209 (Lei 7.798/1989, arts. 1º e 3º)
    const r = calculateNfeItem({
      operacao: sale(),
      item: item({ qTrib: 120, vUnTrib: '8.3333', ipi: { cst: '50', qUnid: 120, vUnid: '0.2770' } }),
    });
    expect(r.vIPI).toBe(33.24);
    expect(step(r, 'vIPI')).toMatchObject({ formula: 'qUnid × vUnid', valores: { qUnid: '120.00', vUnid: '0.277' } });
    expect(step(r, 'vIPI')?.baseLegal).toContain('Lei 7.798/1989');
  });

  it('per unit takes qTrib when qUnid is not sent', () => {
    const r = calculateNfeItem({ operacao: sale(), item: item({ qTrib: 10, ipi: { cst: '50', vUnid: 1.5 } }) });
    expect(r.vIPI).toBe(15);
  });

  it.each([
    [{ cst: '50' }, 'item.ipi.pIPI'],
    [{ cst: '50', qUnid: 10 }, 'item.ipi.vUnid'],
    [{ cst: '99', vUnid: 1 }, 'item.ipi.qUnid'],
    [{ cst: '50', pIPI: 10, qUnid: 1, vUnid: 1 }, 'item.ipi.pIPI'],
  ])('refuses a taxed IPI without what it needs: %o → %s', (ipi, field) => {
    expect(refusal(() => calculateNfeItem({ operacao: sale(), item: item({ ipi }) })).field).toBe(field);
  });

  it('CST 52 (saída isenta) is zero with the RIPI article of the exemption', () => {
    const r = calculateNfeItem({ operacao: sale(), item: item({ ipi: { cst: '52', pIPI: 10 } }) });
    expect(r.vIPI).toBe(0);
    expect(step(r, 'vIPI')?.baseLegal).toBe('Decreto 7.212/2010 (RIPI), art. 54 (isenções)');
  });
});

describe('PIS/COFINS', () => {
  it('non-cumulative (1.65 / 7.6) on the revenue less ICMS: 1000 − 180 = 820 → 13.53 and 62.32', () => {
    // Lei 10.637/2002 and 10.833/2003, arts. 1º–2º; STF RE 574.706 (Tema 69): 820 × 1.65 % = 13.53; × 7.6 % = 62.32
    const r = calculateNfeItem({
      operacao: sale(),
      item: item({ pis: { cst: '01', pPIS: 1.65 }, cofins: { cst: '01', pCOFINS: 7.6 } }),
    });
    expect(r).toMatchObject({ vICMS: 180, vPIS: 13.53, vCOFINS: 62.32 });
    expect(step(r, 'vPIS')?.baseLegal).toContain('Lei 10.637/2002');
    expect(step(r, 'vCOFINS')?.baseLegal).toContain('Lei 10.833/2003');
  });

  it('cumulative (0.65 / 3) cites Lei 9.718/1998: 820 → 5.33 and 24.60', () => {
    // Lei 9.715/1998 art. 8º, I (0,65 %); Lei 9.718/1998 arts. 2º, 3º e 8º (3 %): 820 × 0.65 % = 5.33; × 3 % = 24.60
    const r = calculateNfeItem({
      operacao: sale(),
      item: item({ pis: { cst: '01', pPIS: 0.65 }, cofins: { cst: '01', pCOFINS: 3 } }),
    });
    expect(r).toMatchObject({ vPIS: 5.33, vCOFINS: 24.6 });
    expect(step(r, 'vPIS')?.baseLegal).toContain('Lei 9.718/1998');
    expect(step(r, 'vCOFINS')?.baseLegal).toContain('Lei 9.718/1998');
  });

  it('CST 03 by quantity: gasoline, 10 m³ × R$ 141.10 (PIS) and × R$ 651.40 (COFINS)', () => {
    // Decreto 5.059/2004, art. 1º (redação do Decreto 9.101/2017): gasolina, PIS R$ 141,10/m³ e COFINS R$ 651,40/m³
    // (Lei 10.865/2004, art. 23): 10 × 141.10 = 1411.00; 10 × 651.40 = 6514.00
    const r = calculateNfeItem({
      operacao: sale(),
      item: item({
        vProd: 50000,
        icms: { cst: '40' },
        pis: { cst: '03', qBCProd: 10, vAliqProd: '141.10' },
        cofins: { cst: '03', qBCProd: 10, vAliqProd: '651.40' },
      }),
    });
    expect(r).toMatchObject({ vPIS: 1411, vCOFINS: 6514 });
    expect(step(r, 'vPIS')?.baseLegal).toContain('Lei 10.865/2004, art. 23');
  });

  it.each([
    [{ cst: '01' }, 'item.pis.pPIS'],
    [{ cst: '02' }, 'item.pis.pPIS'],
    [{ cst: '03', qBCProd: 10 }, 'item.pis.vAliqProd'],
    [{ cst: '03', vAliqProd: 1 }, 'item.pis.qBCProd'],
    [{ cst: '03', pPIS: 1.65, qBCProd: 1, vAliqProd: 1 }, 'item.pis.pPIS'],
    [{ cst: '49' }, 'item.pis.pPIS'],
    [{ cst: '01', pPIS: 2 }, 'operacao.regimePisCofins'],
  ])('refuses a PIS that cannot be computed: %o → %s', (pis, field) => {
    expect(refusal(() => calculateNfeItem({ operacao: sale(), item: item({ pis }) })).field).toBe(field);
  });

  it('refuses a CST 01 rate that is not the basic rate of the declared regime', () => {
    const e = refusal(() =>
      calculateNfeItem({
        operacao: sale({ regimePisCofins: 'cumulativo' }),
        item: item({ pis: { cst: '01', pPIS: 1.65 } }),
      }),
    );
    expect(e).toMatchObject({ field: 'item.pis.pPIS', message: expect.stringContaining('regime cumulativo') });
  });
});

describe('DIFAL of a Simples Nacional seller', () => {
  it('CRT 1 to a non-contributor: zero, with a memória step citing STF ADI 5.464', () => {
    const r = calculateNfeItem({
      operacao: sale({ ufDestino: 'BA', consumidorFinal: true, contribuinte: false, crt: 1, difal: 'dupla' }),
      item: { vProd: 1000, icms: { csosn: '102', pICMSUFDest: 20.5, pFCPUFDest: 0 } },
    });
    expect(r).toMatchObject({ vBCUFDest: 0, vICMSUFDest: 0, vFCPUFDest: 0 });
    expect(step(r, 'vICMSUFDest')?.baseLegal).toContain('ADI 5.464');
  });

  it('a regular seller without a state rule for the date and no operacao.difal is refused, naming difal', () => {
    const e = refusal(() =>
      calculateNfeItem({
        operacao: sale({ ufDestino: 'BA', consumidorFinal: true, contribuinte: false }),
        item: { vProd: 1000, icms: { cst: '00', pICMS: 7, pICMSUFDest: 20.5, pFCPUFDest: 0 } },
      }),
    );
    expect(e.field).toBe('operacao.difal');
  });

  it('needs the destination rates when the context has none for the date', () => {
    const e = refusal(() =>
      calculateNfeItem({
        operacao: sale({ ufDestino: 'BA', consumidorFinal: true, contribuinte: false, difal: 'simples' }),
        item: { vProd: 1000, icms: { cst: '00', pICMS: 7 } },
      }),
    );
    expect(e.field).toBe('item.icms.pICMSUFDest');
  });
});
