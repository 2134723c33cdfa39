import type { StAgreementRow } from '@app/tax-engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AgreementFacts, buildOperation, type OperationInput, type RuleFacts } from './build-operation.js';

function makeRule(over: Partial<RuleFacts> = {}): RuleFacts {
  return {
    uf: 'SP',
    ncm: '22021000',
    cest: '0300700',
    codAnp: null,
    pmc: null,
    importTax: '20.0000',
    nri: null,
    aliqPis: '1.6500',
    pisCstEntrada: '50',
    pisCstSaida: '01',
    aliqCofins: '7.6000',
    cofinsCstEntrada: '50',
    cofinsCstSaida: '01',
    redPis: null,
    redCofins: null,
    piscofinsAmpLegal: null,
    ipiAliq: '4.0000',
    ipiCodEnq: '999',
    ipiCstEntrada: '00',
    ipiCstSaida: '50',
    ipiEx: null,
    cbsCst: '000',
    cbsCClassTrib: '000001',
    cbsAliq: null,
    cbsReducao: null,
    cstIcms: '00',
    cstCsosn: '102',
    aliqIcms: '18.0000',
    aliqIcmsSt: null,
    redBcIcms: null,
    redBcIcmsSt: null,
    iva: null,
    fcp: null,
    codBenef: null,
    antecipado: false,
    pDifer: null,
    desonerado: false,
    isencao: null,
    icmsAmpLegal: null,
    tpCalcDifal: 0,
    ibsAliqUf: null,
    ibsAliqMun: null,
    ibsReducao: null,
    protocol: null,
    agreement: null,
    ...over,
  };
}

const agreement: AgreementFacts = {
  name: 'Convênio ICMS 142/2018',
  description: 'Bebidas',
  exempted: false,
  subsTrib: true,
  respTrib: 'Remetente',
  aliqIcmsInterestadual: '12.0000',
  redBcInterestadual: null,
  aliqEfetiva: null,
  iva: null,
  validityIn: '2019-01-01',
  endOfValidityIn: null,
};

const query: OperationInput['query'] = {
  uf: 'SP',
  cfop: 'venda',
  caracTrib: [3],
  finality: 0,
  simplesN: 'N',
  substICMS: 'N',
};

function build(over: Partial<OperationInput> & { q?: Partial<OperationInput['query']> } = {}) {
  const { q, ...rest } = over;
  const rule = rest.productRule ?? makeRule();
  return buildOperation({
    productRule: rule,
    originRule: rule,
    destinationRule: null,
    descriptions: { ncm: 'Águas', cbsCst: 'Tributação integral', cClassTrib: 'Situações tributadas integralmente' },
    companyUf: 'SP',
    ...rest,
    query: { ...query, ...q },
  });
}

describe('buildOperation', () => {
  it('internal sale for resale: 5102, CST 00 at the internal rate, no ST, no DIFAL, CBS/IBS 2026', () => {
    const op = build();
    expect(op).toMatchObject({ cfop: '5102', uf: 'SP', interestadual: false, ufOrigem: 'SP', ufDestino: 'SP' });
    expect(op.description).toBe('Venda de mercadoria adquirida ou recebida de terceiros');
    expect(op.icms).toMatchObject({ cst: '00', csosn: null, aliqICMSOperacao: 18, substituicaoTributaria: false });
    expect(op.icms.difal.tipo).toBe(0);
    expect(op.piscofins).toMatchObject({ cstPIS: '01', aliqPIS: 1.65, aliqCOFINS: 7.6 });
    expect(op.ipi).toMatchObject({ cst: '50', aliq: 4 });
    expect(op.cbsIbs).toMatchObject({ aliqCBS: 0.9, aliqCBSEfetiva: 0.9, aliqIBSUF: 0.1, aliqIBSMun: 0 });
    expect(op.protocol).toBeNull();
    expect(op.agreement).toBeNull();
  });

  it('own production (caracTrib 0 Industrial): 5101', () => {
    expect(build({ q: { caracTrib: [0] } }).cfop).toBe('5101');
  });

  it('Simples Nacional issuer gets a CSOSN instead of a CST', () => {
    const op = build({ q: { simplesN: 'S' } });
    expect(op.icms).toMatchObject({ cst: null, csosn: '101' });
    expect(build({ q: { simplesN: 'S', caracTrib: [8] } }).icms.csosn).toBe('102');
  });

  it('goods under ST in the state: 5405/CST 60 when substituted, 5403/CST 10 with MVA when retaining', () => {
    const stRule = makeRule({ cstIcms: '60', cstCsosn: '500', iva: '40.0000', aliqIcmsSt: '18.0000' });
    const substituted = build({ productRule: stRule, originRule: stRule });
    expect(substituted.cfop).toBe('5405');
    expect(substituted.icms).toMatchObject({ cst: '60', substituicaoTributaria: true });
    expect(build({ productRule: stRule, originRule: stRule, q: { simplesN: 'S' } }).icms.csosn).toBe('500');

    const retaining = build({ productRule: stRule, originRule: stRule, q: { substICMS: 'S' } });
    expect(retaining.cfop).toBe('5403');
    expect(retaining.icms).toMatchObject({ cst: '10', aliqICMSST: 18, iva: 40, ivaAjustado: 40 });
    // A substitute selling to a final consumer retains nothing.
    const toConsumer = build({ productRule: stRule, originRule: stRule, q: { substICMS: 'S', caracTrib: [8] } });
    expect(toConsumer).toMatchObject({ cfop: '5102', icms: { cst: '00', substituicaoTributaria: false } });
  });

  it('interstate sale under an ST agreement: 6403, CST 10, MVA adjusted from 12 % to the destination rate, FCP-ST', () => {
    const origin = makeRule({ cstIcms: '60', iva: '50.0000' });
    const dest = makeRule({
      uf: 'RJ',
      cstIcms: '60',
      iva: '50.0000',
      aliqIcms: '20.0000',
      aliqIcmsSt: '20.0000',
      fcp: '2.0000',
      agreement,
    });
    const op = build({
      productRule: origin,
      originRule: origin,
      destinationRule: dest,
      q: { uf: 'RJ', substICMS: 'S' },
    });
    expect(op).toMatchObject({ cfop: '6403', interestadual: true, ufOrigem: 'SP', ufDestino: 'RJ' });
    // [(1 + 0.50) × (1 − 0.12) / (1 − 0.20)] − 1 = 0.65
    expect(op.icms).toMatchObject({
      cst: '10',
      aliqICMSInterestadual: 12,
      aliqICMSOperacao: 12,
      ivaAjustado: 65,
      fcpST: 2,
    });
    expect(op.agreement).toMatchObject({
      convName: 'Convênio ICMS 142/2018',
      subsTrib: true,
      aliqIcmsInterestadual: 12,
    });
    expect(op.import.ivaAjustado4).toBe(80); // 1.5 × 0.96 / 0.8 − 1 = 0.80
    // Without an agreement assigning ST the goods travel without retention (6102, ICMS at 12 %).
    const noAgreement = build({
      productRule: origin,
      originRule: origin,
      destinationRule: { ...dest, agreement: null },
      q: { uf: 'RJ', substICMS: 'S' },
    });
    expect(noAgreement).toMatchObject({ cfop: '6102', icms: { cst: '00', substituicaoTributaria: false } });
  });

  it('interstate sale to a non-contributor: 6108, 7 % from SP to BA, DIFAL single base by default', () => {
    const op = build({ q: { uf: 'BA', caracTrib: [8] } });
    expect(op.cfop).toBe('6108');
    expect(op.icms.aliqICMSInterestadual).toBe(7);
    expect(op.icms.difal).toEqual({
      tipo: 1,
      aliqInterna: 20.5,
      aliqInterestadual: 7,
      aliqDiferencial: 13.5,
      fcp: null,
    });
    const double = build({
      q: { uf: 'BA', caracTrib: [7] },
      destinationRule: makeRule({ uf: 'BA', aliqIcms: '20.5000', tpCalcDifal: 2, fcp: '2.0000' }),
    });
    expect(double.icms.difal).toMatchObject({ tipo: 2, fcp: 2 });
  });

  it('purchases: 2556 with DIFAL for use and consumption from another UF, 1403 for resale with ST', () => {
    const op = build({ q: { uf: 'MG', cfop: 'compra', finality: 2 }, originRule: null, destinationRule: makeRule() });
    expect(op).toMatchObject({ cfop: '2556', ufOrigem: 'MG', ufDestino: 'SP' });
    expect(op.icms.difal).toMatchObject({ tipo: 1, aliqInterna: 18, aliqInterestadual: 12, aliqDiferencial: 6 });
    expect(op.piscofins.cstPIS).toBe('50');
    expect(op.ipi.cst).toBe('00');
    const st = makeRule({ cstIcms: '60' });
    expect(build({ productRule: st, originRule: st, q: { cfop: 'compra' } }).cfop).toBe('1403');
    expect(build({ q: { cfop: 'compra', finality: 1 } }).cfop).toBe('1101');
  });

  it('applies the cClassTrib reductions to CBS and IBS', () => {
    const op = build({ productRule: makeRule({ cbsCClassTrib: '011001', cbsReducao: '60.0000' }) });
    expect(op.cbsIbs).toMatchObject({ pRedCBS: 60, aliqCBSEfetiva: 0.36, pRedIBS: 60, aliqIBSUFEfetiva: 0.04 });
  });

  it('shows the protocol card only when the rule names one', () => {
    const rule = makeRule({ protocol: { ...agreement, name: 'Protocolo ICMS 11/91' } });
    expect(build({ productRule: rule, originRule: rule }).protocol).toMatchObject({ protName: 'Protocolo ICMS 11/91' });
    const unnamed = makeRule({ protocol: { ...agreement, name: '' } });
    expect(build({ productRule: unnamed, originRule: unnamed }).protocol).toBeNull();
  });
});

/**
 * Interstate ST as dated data (issue 37, decision 065). Between states ST needs an agreement of the two UFs
 * (Convênio ICMS 142/2018, cláusula segunda); the rows below are as an Admin records them — Protocolo ICMS 41/2008
 * (autopeças, CEST segment 01) between SP and MG, https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08.
 */
describe('buildOperation with the ST agreements data', () => {
  const autopeca = (uf: string, over: Partial<RuleFacts> = {}) =>
    makeRule({ uf, ncm: '87089990', cest: '0107500', cstIcms: '60', aliqIcms: '18.0000', ...over });
  const row = (over: Partial<StAgreementRow> = {}): StAgreementRow => ({
    ufOrigem: 'SP',
    ufDestino: 'MG',
    cestSegmento: '01',
    cestCodigos: null,
    temAcordo: true,
    instrumento: 'Protocolo ICMS 41/2008',
    mvaOriginal: '71.7800',
    vigenciaInicio: '2008-06-01',
    vigenciaFim: null,
    fonteUrl: 'https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08',
    fonteNota: 'Cláusula primeira',
    ...over,
  });
  const sale = (rows: StAgreementRow[] | undefined, dest = autopeca('MG'), over: Parameters<typeof build>[0] = {}) =>
    build({
      productRule: autopeca('SP'),
      originRule: autopeca('SP'),
      destinationRule: dest,
      q: { uf: 'MG', substICMS: 'S' },
      stAgreements: rows,
      date: '2026-03-10',
      ...over,
    });

  it('com-acordo: ST with the agreement’s MVA original adjusted to MG’s 18 % when the rule has no IVA', () => {
    const op = sale([row()]);
    // [(1 + 0,7178) × (1 − 0,12) / (1 − 0,18)] − 1 = 0,8435 (adjustMva; decision 048 for the formula's source).
    expect(op).toMatchObject({ cfop: '6403', icms: { cst: '10', substituicaoTributaria: true, iva: 71.78 } });
    expect(op.icms.ivaAjustado).toBe(84.35);
    expect(op.icms.acordoSt).toMatchObject({
      situacao: 'com-acordo',
      instrumento: 'Protocolo ICMS 41/2008',
      fonte: { url: 'https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08' },
    });
    // The rule's own IVA wins over the agreement's MVA: [(1,40 × 0,88 / 0,82) − 1] = 50,24 %.
    const withIva = sale([row()], autopeca('MG', { iva: '40.0000' }));
    expect(withIva.icms).toMatchObject({ iva: 40, ivaAjustado: 50.24 });
    // A sale to a non-contributor or for industrialisation leaves the ST chain even under the agreement.
    const forIndustry = sale([row()], undefined, { q: { uf: 'MG', substICMS: 'S', finality: 1 } });
    expect(forIndustry.icms.substituicaoTributaria).toBe(false);
  });

  it('sem-acordo: no ST between the pair even when the rule’s agreement fields say so', () => {
    const dest = autopeca('MG', { agreement });
    expect(sale(undefined, dest).icms.substituicaoTributaria).toBe(true);
    const op = sale([row({ temAcordo: false, mvaOriginal: null, instrumento: 'Protocolo ICMS 41/2008' })], dest);
    expect(op).toMatchObject({ cfop: '6102', icms: { cst: '00', substituicaoTributaria: false } });
    expect(op.icms.acordoSt).toMatchObject({ situacao: 'sem-acordo', instrumento: 'Protocolo ICMS 41/2008' });
  });

  it('sem-dados: the rule’s own protocol/agreement fields decide, as before, and the answer says so', () => {
    const withRuleAgreement = sale([], autopeca('MG', { agreement }));
    expect(withRuleAgreement.icms).toMatchObject({ substituicaoTributaria: true, acordoSt: { situacao: 'sem-dados' } });
    expect(sale([]).icms).toMatchObject({ substituicaoTributaria: false, acordoSt: { situacao: 'sem-dados' } });
    // Another pair, another segment, or a date before the row's validity: no data for this operation.
    expect(sale([row({ ufDestino: 'RJ' })]).icms.acordoSt?.situacao).toBe('sem-dados');
    expect(sale([row({ cestSegmento: '03' })]).icms.acordoSt?.situacao).toBe('sem-dados');
    expect(sale([row({ vigenciaInicio: '2027-01-01' })]).icms.acordoSt?.situacao).toBe('sem-dados');
  });

  describe('without a date', () => {
    afterEach(() => vi.useRealTimers());

    it('takes today in Brasília, not in UTC: at 22:30 of 09/03 the row starting 10/03 is not yet in force', () => {
      // 2026-03-10T01:30Z is 22:30 of 09/03/2026 in Brasília (UTC−3, no daylight saving since Decreto 9.772/2019).
      vi.useFakeTimers({ now: new Date('2026-03-10T01:30:00Z'), toFake: ['Date'] });
      const ended = row({ vigenciaFim: '2026-03-09' });
      const next = row({ temAcordo: false, mvaOriginal: null, vigenciaInicio: '2026-03-10' });
      const op = sale([ended, next], undefined, { date: undefined });
      expect(op.icms.acordoSt).toMatchObject({ situacao: 'com-acordo' });
      vi.setSystemTime(new Date('2026-03-10T03:00:00Z')); // 00:00 of 10/03 in Brasília
      expect(sale([ended, next], undefined, { date: undefined }).icms.acordoSt?.situacao).toBe('sem-acordo');
    });
  });

  it('inside one UF no agreement is consulted: no acordoSt in the answer', () => {
    const rule = autopeca('SP');
    const op = build({ productRule: rule, originRule: rule, stAgreements: [row({ ufDestino: 'SP' })] });
    expect(op.icms.acordoSt).toBeUndefined();
  });
});
