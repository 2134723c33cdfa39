import { calculateTransition } from '@app/tax-engine';
import { describe, expect, it } from 'vitest';
import { buildOperation, type RuleFacts } from '../operations/build-operation.js';
import { toTransitionItem } from './simulation-item.js';

const rule = (over: Partial<RuleFacts>): RuleFacts =>
  ({
    uf: 'SP',
    ncm: '22021000',
    cest: '0300700',
    aliqPis: '1.6500',
    pisCstSaida: '01',
    aliqCofins: '7.6000',
    cofinsCstSaida: '01',
    ipiAliq: '4.0000',
    ipiCstSaida: '50',
    cbsCst: '000',
    cbsCClassTrib: '000001',
    cstIcms: '00',
    cstCsosn: '102',
    aliqIcms: '18.0000',
    antecipado: false,
    desonerado: false,
    tpCalcDifal: 0,
    protocol: null,
    agreement: null,
    ...over,
  }) as RuleFacts;

const stAgreement = {
  name: 'Convênio ICMS 142/2018',
  description: 'Bebidas',
  exempted: false,
  subsTrib: true,
  respTrib: 'Remetente',
  aliqIcmsInterestadual: '12.0000',
  redBcInterestadual: null,
  aliqEfetiva: null,
  iva: '40.0000',
  validityIn: '2019-01-01',
  endOfValidityIn: null,
};
const sp = rule({});
const rj = rule({
  uf: 'RJ',
  cstIcms: '10',
  aliqIcms: '20.0000',
  iva: '40.0000',
  fcp: '2.0000',
  tpCalcDifal: 2,
  agreement: stAgreement,
});
// Interstate, the sender retains the ST the agreement assigns it (the simulation's choice, decision 039).
const sale = (caracTrib: 3 | 8, simplesN: 'S' | 'N' = 'N') =>
  buildOperation({
    productRule: sp,
    originRule: sp,
    destinationRule: rj,
    descriptions: { ncm: null, cbsCst: null, cClassTrib: null },
    companyUf: 'SP',
    query: { uf: 'RJ', cfop: 'venda', caracTrib: [caracTrib], finality: 0, simplesN, substICMS: 'S' },
  });

describe('toTransitionItem: the NF-e item of an operation of the operations query', () => {
  it('interstate sale to a reseller under an ST agreement: interstate rate, adjusted MVA, destination ST and FCP-ST', () => {
    const op = sale(3);
    const item = toTransitionItem(op, { vProd: '1000.00', buyer: 'contribuinte', crt: 3 });
    expect(item.operacao).toMatchObject({
      ufOrigem: 'SP',
      ufDestino: 'RJ',
      contribuinte: true,
      consumidorFinal: false,
    });
    expect(item.item.icms).toMatchObject({
      cst: '10',
      pICMS: 12,
      pMVAST: op.icms.ivaAjustado,
      pICMSST: 20,
      pFCPST: 2,
    });
    // Own FCP is the destination's only through the ST or the DIFAL, never on an interstate item.
    expect(item.item.icms.pFCP).toBeUndefined();
    expect(item.item).toMatchObject({
      ipi: { cst: '50', pIPI: 4 },
      pis: { cst: '01', pPIS: 1.65 },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    });
    const [y] = calculateTransition(item, () => ({}), { anos: [2026] }).anos;
    expect(y!.vICMSST).toBeGreaterThan(0);
    expect(y!.vTotal).toBeCloseTo(
      y!.vICMS + y!.vICMSST + y!.vFCPST + y!.vIPI + y!.vPIS + y!.vCOFINS + y!.vCBS + y!.vIBSUF + y!.vIBSMun,
      2,
    );
  });

  it('interstate sale to a consumer: no ST, the DIFAL by the destination rule (dupla) with its FCP', () => {
    const item = toTransitionItem(sale(8), { vProd: '1000.00', buyer: 'consumidor_final', crt: 3 });
    expect(item.operacao).toMatchObject({ consumidorFinal: true, contribuinte: false, difal: 'dupla' });
    expect(item.item.icms).toMatchObject({ pICMS: 12, pICMSUFDest: 20, pFCPUFDest: 2 });
    expect(item.item.icms.pICMSST).toBeUndefined();
    const [y] = calculateTransition(item, () => ({}), { anos: [2026] }).anos;
    expect(y!.vICMSUFDest).toBeGreaterThan(0);
  });

  it('a Simples Nacional issuer sends a CSOSN and its CRT', () => {
    const item = toTransitionItem(sale(3, 'S'), { vProd: '1000.00', buyer: 'contribuinte', crt: 1 });
    expect(item.item.icms.csosn).toBeDefined();
    expect(item.item.icms.cst).toBeUndefined();
    expect(item.operacao.crt).toBe(1);
  });
});
