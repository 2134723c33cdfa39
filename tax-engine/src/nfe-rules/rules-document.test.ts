import { describe, expect, it } from 'vitest';
import { documentRules } from './rules-document.js';
import { type SampleNfe, sampleNfe } from './sample-nfe.js';
import { el } from './sample-xml.js';
import { bundledTables, find, insert, remove, setText } from './test-support.js';
import { validateNfeRules } from './validate.js';
import type { XNode } from './xml-node.js';

// The rules of decision 072 (MOC 7.0 annex I, groups B, BA, C, D, E, F, G, GA, H and I), each applied to a consistent
// NF-e (positive: not reported) and to the same NF-e broken in the one way the rule's row describes (negative: reported
// with the rule's id and code). Rows read in a public markdown transcription of the annex's tables; the row's group
// and the MOC version are in each test's name, read from the rule itself.
const tables = bundledTables();
const I = 'NFe/infNFe';
const agora = new Date('2026-10-11T12:00:00-03:00');
const emit = { cnpj: '11222333000181', uf: 'SP', crt: '3' } as const;
const standard: SampleNfe = {
  emitente: emit,
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
  data: '2026-10-10',
  items: [
    { vProd: '1000.00', icms: { cst: '00', pICMS: '18' }, ipi: { pIPI: '10' } },
    { vProd: '250.00', icms: { cst: '00', pICMS: '18' } },
  ],
};
const nfce: SampleNfe = {
  ...standard,
  modelo: '65',
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: false },
  items: [{ vProd: '30.00', icms: { cst: '00', pICMS: '18' } }],
};
const difal: SampleNfe = {
  emitente: emit,
  destinatario: { cpf: '52998224725', uf: 'BA', contribuinte: false },
  data: '2026-10-10',
  items: [
    {
      vProd: '500.00',
      icms: { cst: '00', pICMS: '7' },
      difal: { pICMSUFDest: '20.5', pICMSInter: '7', pFCPUFDest: '0' },
    },
  ],
};

const ide = (tag: string) => `${I}/ide/${tag}`;
const det = (n: number) => `${I}/det[${n}]`;
const prod = (n: number, tag: string) => `${det(n)}/prod/${tag}`;
const into = (t: XNode, p: string, node: XNode, before = 'zzz') => insert(t, p, node, before);
const keyOf = (t: XNode) => find(t, I).attrs.Id!.slice(3);
const nfref = (key: string) => el('NFref', [el('refNFe', key)]);
const place = (tag: string, id: [string, string], uf: string, cMun: string) =>
  el(tag, [
    el(id[0], id[1]),
    el('xLgr', 'RUA B'),
    el('nro', '2'),
    el('xBairro', 'CENTRO'),
    el('cMun', cMun),
    el('xMun', 'X'),
    el('UF', uf),
  ]);
const di = (fields: XNode[]) =>
  el('DI', [
    el('nDI', '2612345678'),
    el('dDI', '2026-10-01'),
    ...fields,
    el('adi', [el('nAdicao', '1'), el('nSeqAdic', '1')]),
  ]);
const exportInd = (key: string, q = '1.0000') =>
  el('detExport', [el('exportInd', [el('nRE', '123456789012'), el('chNFe', key), el('qExport', q)])]);
const issqn = () =>
  el('ISSQN', [el('vBC', '30.00'), el('vAliq', '5.0000'), el('vISSQN', '1.50'), el('cMunFG', '3550308')]);
const gtin = '7891000315507';
/** The model-65 key of the NFC-e sample: a valid key whose model is not 55. */
const nfceKey = () => keyOf(sampleNfe(nfce));

interface Case {
  sample: SampleNfe;
  breakIt: (t: XNode) => void;
  /** A second positive beside the sample itself, when the sample does not exercise the rule. */
  alsoPasses?: (t: XNode) => void;
}

const places = (tag: 'retirada' | 'entrega', ids: [string, string, string, string]): Record<string, Case> => ({
  [ids[0]]: {
    sample: standard,
    alsoPasses: (t) => into(t, I, place(tag, ['CNPJ', '11444777000161'], 'SP', '3550308'), 'det'),
    breakIt: (t) => into(t, I, place(tag, ['CNPJ', '11444777000160'], 'SP', '3550308'), 'det'),
  },
  [ids[1]]: {
    sample: standard,
    alsoPasses: (t) => into(t, I, place(tag, ['CPF', '52998224725'], 'SP', '3550308'), 'det'),
    breakIt: (t) => into(t, I, place(tag, ['CPF', '52998224724'], 'SP', '3550308'), 'det'),
  },
  [ids[2]]: {
    sample: standard,
    alsoPasses: (t) => into(t, I, place(tag, ['CNPJ', '11444777000161'], 'EX', '9999999'), 'det'),
    breakIt: (t) => into(t, I, place(tag, ['CNPJ', '11444777000161'], 'EX', '3550308'), 'det'),
  },
  [ids[3]]: {
    sample: standard,
    alsoPasses: (t) => into(t, I, place(tag, ['CNPJ', '11444777000161'], 'RJ', '3304557'), 'det'),
    breakIt: (t) => into(t, I, place(tag, ['CNPJ', '11444777000161'], 'RJ', '3550308'), 'det'),
  },
});

const cases: Record<string, Case> = {
  // Group B: the document's flags.
  'B03-10': { sample: standard, breakIt: (t) => setText(t, ide('cNF'), '12345678') },
  'B10-10': { sample: nfce, breakIt: (t) => into(t, `${I}/ide`, el('dhSaiEnt', '2026-10-10T11:00:00-03:00'), 'tpNF') },
  'B11-10': { sample: nfce, breakIt: (t) => setText(t, ide('tpNF'), '0') },
  'B11a-10': { sample: nfce, breakIt: (t) => setText(t, ide('idDest'), '2') },
  'B12-20': { sample: standard, breakIt: (t) => setText(t, ide('cMunFG'), '3304557') },
  'B21-10': { sample: nfce, breakIt: (t) => setText(t, ide('tpImp'), '1') },
  'B21-20': { sample: standard, breakIt: (t) => setText(t, ide('tpImp'), '4') },
  'B22-10': { sample: standard, breakIt: (t) => setText(t, ide('tpEmis'), '9') },
  'B25-20': { sample: nfce, breakIt: (t) => setText(t, ide('finNFe'), '2') },
  'B25a-10': { sample: nfce, breakIt: (t) => setText(t, ide('indFinal'), '0') },
  'B25b-40': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('indPres'), '5');
      into(t, `${I}/ide`, nfref(nfceKey()));
    },
    breakIt: (t) => setText(t, ide('indPres'), '5'),
  },
  'B25c-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('indPres'), '2');
      into(t, `${I}/ide`, el('indIntermed', '0'), 'procEmi');
    },
    breakIt: (t) => setText(t, ide('indPres'), '2'),
  },
  'B25c-20': { sample: standard, breakIt: (t) => into(t, `${I}/ide`, el('indIntermed', '0'), 'procEmi') },
  'B26-10': {
    sample: standard,
    alsoPasses: (t) => setText(t, ide('serie'), '920'),
    breakIt: (t) => setText(t, ide('serie'), '890'),
  },
  'B26-20': { sample: standard, breakIt: (t) => setText(t, ide('procEmi'), '1') },
  'B26-30': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('procEmi'), '1');
      setText(t, ide('tpEmis'), '6');
    },
    breakIt: (t) => {
      setText(t, ide('procEmi'), '1');
      setText(t, ide('tpEmis'), '2');
    },
  },
  'B28-10': { sample: standard, breakIt: (t) => into(t, `${I}/ide`, el('xJust', 'FALHA DE COMUNICACAO COM A SEFAZ')) },
  'B28-20': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('tpEmis'), '5');
      into(t, `${I}/ide`, el('dhCont', '2026-10-10T09:00:00-03:00'));
      into(t, `${I}/ide`, el('xJust', 'FALHA DE COMUNICACAO COM A SEFAZ'));
    },
    breakIt: (t) => setText(t, ide('tpEmis'), '5'),
  },
  'BA01-10': { sample: nfce, breakIt: (t) => into(t, `${I}/ide`, nfref(keyOf(sampleNfe(standard)))) },
  // Groups C and D: emitente and NF-e avulsa.
  'C10-20': { sample: standard, breakIt: (t) => setText(t, `${I}/emit/enderEmit/cMun`, '3304557') },
  'C17-10': { sample: standard, breakIt: (t) => setText(t, `${I}/emit/IE`, '000000000000') },
  'C17-30': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, `${I}/emit/IE`, 'ISENTO');
      setText(t, ide('serie'), '890');
    },
    breakIt: (t) => setText(t, `${I}/emit/IE`, 'ISENTO'),
  },
  'C18-10': { sample: nfce, breakIt: (t) => into(t, `${I}/emit`, el('IEST', '110042490114'), 'CRT') },
  // An operação interna with IEST is left to the UF (the row's exception): not judged.
  'C18-14': {
    sample: standard,
    alsoPasses: (t) => into(t, `${I}/emit`, el('IEST', '110042490114'), 'CRT'),
    breakIt: (t) => {
      into(t, `${I}/emit`, el('IEST', '110042490114'), 'CRT');
      setText(t, ide('idDest'), '3');
    },
  },
  'C18-20': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, `${det(1)}/prod`, el('veicProd', [el('tpOp', '2')]));
      into(t, I, place('entrega', ['CNPJ', '11444777000161'], 'RJ', '3304557'), 'det');
    },
    breakIt: (t) => into(t, `${det(1)}/prod`, el('veicProd', [el('tpOp', '2')])),
  },
  'C18-40': {
    sample: standard,
    breakIt: (t) => into(t, `${I}/emit`, el('IEST', find(t, `${I}/emit/IE`).text!), 'CRT'),
  },
  'D01-10': { sample: standard, breakIt: (t) => into(t, I, el('avulsa', [el('CNPJ', '11222333000181')]), 'dest') },
  'D01-20': { sample: standard, breakIt: (t) => setText(t, ide('procEmi'), '2') },
  // Group E: destinatário.
  'E01-20': {
    sample: nfce,
    alsoPasses: (t) => setText(t, ide('indPres'), '4'),
    breakIt: (t) => {
      setText(t, ide('indPres'), '4');
      remove(t, `${I}/dest`);
    },
  },
  'E03a-10': { sample: standard, breakIt: (t) => setText(t, ide('idDest'), '3') },
  'E03a-20': { sample: standard, breakIt: (t) => into(t, `${I}/dest`, el('idEstrangeiro', 'AB12345'), 'xNome') },
  'E03a-60': {
    sample: difal,
    alsoPasses: (t) => into(t, `${I}/dest`, el('idEstrangeiro', 'AB-12.3/4 (X)'), 'xNome'),
    breakIt: (t) => into(t, `${I}/dest`, el('idEstrangeiro', 'AB#12345'), 'xNome'),
  },
  'E04-10': { sample: standard, breakIt: (t) => remove(t, `${I}/dest/xNome`) },
  'E05-10': { sample: standard, breakIt: (t) => remove(t, `${I}/dest/enderDest`) },
  'E05-20': {
    sample: nfce,
    alsoPasses: (t) => setText(t, ide('indPres'), '4'),
    breakIt: (t) => {
      setText(t, ide('indPres'), '4');
      remove(t, `${I}/dest/enderDest`);
    },
  },
  'E10-20': { sample: standard, breakIt: (t) => setText(t, `${I}/dest/enderDest/cMun`, '3304557') },
  'E10-30': { sample: standard, breakIt: (t) => setText(t, `${I}/dest/enderDest/UF`, 'EX') },
  'E14-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('idDest'), '3');
      setText(t, `${I}/dest/enderDest/cPais`, '249');
    },
    breakIt: (t) => setText(t, ide('idDest'), '3'),
  },
  // Leading zeros are not significant (the row's note on cPais).
  'E14-20': {
    sample: standard,
    alsoPasses: (t) => setText(t, `${I}/dest/enderDest/cPais`, '01058'),
    breakIt: (t) => setText(t, `${I}/dest/enderDest/cPais`, '249'),
  },
  'E14-30': { sample: standard, breakIt: (t) => setText(t, `${I}/dest/enderDest/UF`, 'EX') },
  'E16a-10': { sample: nfce, breakIt: (t) => setText(t, `${I}/dest/indIEDest`, '1') },
  'E16a-40': { sample: difal, breakIt: (t) => setText(t, ide('indFinal'), '0') },
  'E17-10': {
    sample: nfce,
    breakIt: (t) => {
      setText(t, ide('idDest'), '3');
      into(t, `${I}/dest`, el('IE', '110042490114'));
    },
  },
  'E17-20': { sample: standard, breakIt: (t) => remove(t, `${I}/dest/IE`) },
  'E18-10': { sample: nfce, breakIt: (t) => into(t, `${I}/dest`, el('ISUF', '200123456')) },
  // Groups F, G, GA and H.
  ...places('retirada', ['F02-10', 'F02a-10', 'F07-10', 'F07-30']),
  ...places('entrega', ['G02-10', 'G02a-10', 'G07-10', 'G07-30']),
  'GA02-10': {
    sample: standard,
    alsoPasses: (t) => into(t, I, el('autXML', [el('CNPJ', '11222333000181')]), 'det'),
    breakIt: (t) => into(t, I, el('autXML', [el('CNPJ', '11222333000180')]), 'det'),
  },
  'GA02-20': { sample: standard, breakIt: (t) => into(t, I, el('autXML', [el('CNPJ', '11444777000161')]), 'det') },
  'GA03-10': {
    sample: standard,
    alsoPasses: (t) => into(t, I, el('autXML', [el('CPF', '52998224725')]), 'det'),
    breakIt: (t) => into(t, I, el('autXML', [el('CPF', '52998224724')]), 'det'),
  },
  'GA03-20': { sample: difal, breakIt: (t) => into(t, I, el('autXML', [el('CPF', '52998224725')]), 'det') },
  'H02-10': {
    sample: standard,
    breakIt: (t) => {
      find(t, det(2)).attrs.nItem = '3';
    },
  },
  // Group I: GTIN.
  'I03-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'cEAN'), gtin);
      setText(t, prod(1, 'cEANTrib'), gtin);
    },
    breakIt: (t) => {
      setText(t, prod(1, 'cEAN'), '7891000315508');
      setText(t, prod(1, 'cEANTrib'), gtin);
    },
  },
  'I03-30': { sample: standard, breakIt: (t) => setText(t, prod(1, 'cEAN'), '') },
  'I12-10': {
    sample: standard,
    breakIt: (t) => {
      setText(t, prod(1, 'cEAN'), gtin);
      setText(t, prod(1, 'cEANTrib'), '7896023800015');
    },
  },
  'I12-60': { sample: standard, breakIt: (t) => setText(t, prod(1, 'cEANTrib'), '') },
  'I12-30': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'cEAN'), gtin);
      setText(t, prod(1, 'cEANTrib'), '7896023800016');
    },
    breakIt: (t) => setText(t, prod(1, 'cEAN'), gtin),
  },
  'I12-40': { sample: standard, breakIt: (t) => setText(t, prod(1, 'cEANTrib'), gtin) },
  // NCM "00" and CFOP against the operation.
  'I05-24': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'NCM'), '00');
      setText(t, ide('finNFe'), '3');
    },
    breakIt: (t) => setText(t, prod(1, 'NCM'), '00'),
  },
  'I08-30': { sample: standard, breakIt: (t) => setText(t, prod(1, 'CFOP'), '7102') },
  'I08-40': { sample: standard, breakIt: (t) => setText(t, prod(1, 'CFOP'), '6102') },
  'I08-50': { sample: difal, breakIt: (t) => setText(t, prod(1, 'CFOP'), '5102') },
  'I08-60': { sample: standard, breakIt: (t) => setText(t, prod(1, 'CFOP'), '7102') },
  // Exceção 2: a presencial sale without freight (indPres=1, modFrete=9) to another state's taxpayer is accepted.
  'I08-70': {
    sample: standard,
    alsoPasses: (t) => setText(t, `${I}/dest/enderDest/UF`, 'RJ'),
    breakIt: (t) => {
      setText(t, `${I}/dest/enderDest/UF`, 'RJ');
      setText(t, `${I}/transp/modFrete`, '0');
    },
  },
  'I08-94': {
    sample: difal,
    alsoPasses: (t) => {
      into(t, `${I}/dest`, el('idEstrangeiro', 'AB12345'), 'xNome');
      setText(t, prod(1, 'CFOP'), '6667');
    },
    breakIt: (t) => into(t, `${I}/dest`, el('idEstrangeiro', 'AB12345'), 'xNome'),
  },
  'I08-110': {
    sample: standard,
    alsoPasses: (t) => setText(t, prod(1, 'CFOP'), '3201'),
    breakIt: (t) => setText(t, prod(1, 'CFOP'), '3102'),
  },
  'I08-120': {
    sample: standard,
    alsoPasses: (t) => setText(t, prod(1, 'CFOP'), '3102'),
    breakIt: (t) => setText(t, prod(2, 'CFOP'), '3102'),
  },
  'I08-130': {
    sample: standard,
    alsoPasses: (t) => setText(t, prod(1, 'CFOP'), '3211'),
    breakIt: (t) => setText(t, prod(1, 'CFOP'), '3102'),
  },
  'I08-160': { sample: nfce, breakIt: (t) => setText(t, prod(1, 'CFOP'), '5933') },
  'I08-170': {
    sample: nfce,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '5933');
      into(t, `${det(1)}/imposto`, issqn());
    },
    breakIt: (t) => into(t, `${det(1)}/imposto`, issqn()),
  },
  'I08-184': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '5929');
      into(t, `${I}/ide`, nfref(nfceKey()));
    },
    breakIt: (t) => setText(t, prod(1, 'CFOP'), '5929'),
  },
  'I08-190': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '7501');
      into(t, `${I}/ide`, nfref(keyOf(sampleNfe(difal))));
    },
    breakIt: (t) => setText(t, prod(1, 'CFOP'), '7501'),
  },
  // Import (DI) and export (detExport).
  'I23b-10': {
    sample: standard,
    alsoPasses: (t) =>
      into(t, `${det(1)}/prod`, di([el('tpViaTransp', '1'), el('vAFRMM', '10.00'), el('tpIntermedio', '1')])),
    breakIt: (t) => into(t, `${det(1)}/prod`, di([el('tpViaTransp', '1'), el('tpIntermedio', '1')])),
  },
  'I23d-10': {
    sample: standard,
    alsoPasses: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        di([el('tpViaTransp', '4'), el('tpIntermedio', '2'), el('CNPJ', '11444777000161'), el('UFTerceiro', 'SP')]),
      ),
    breakIt: (t) =>
      into(t, `${det(1)}/prod`, di([el('tpViaTransp', '4'), el('tpIntermedio', '2'), el('UFTerceiro', 'SP')])),
  },
  'I23d-20': {
    sample: standard,
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        di([el('tpViaTransp', '4'), el('tpIntermedio', '2'), el('CNPJ', '11444777000160'), el('UFTerceiro', 'SP')]),
      ),
  },
  'I23e-10': {
    sample: standard,
    breakIt: (t) =>
      into(t, `${det(1)}/prod`, di([el('tpViaTransp', '4'), el('tpIntermedio', '3'), el('CNPJ', '11444777000161')])),
  },
  'I29a-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '3127');
      const d = di([el('tpViaTransp', '4'), el('tpIntermedio', '1')]);
      d.children.at(-1)!.children.push(el('nDraw', '20260000001'));
      into(t, `${det(1)}/prod`, d);
    },
    breakIt: (t) => {
      setText(t, prod(1, 'CFOP'), '3127');
      into(t, `${det(1)}/prod`, di([el('tpViaTransp', '4'), el('tpIntermedio', '1')]));
    },
  },
  'I50-10': {
    sample: standard,
    breakIt: (t) => into(t, `${det(1)}/prod`, el('detExport', [el('nDraw', '20260000001')])),
  },
  'I51-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '7127');
      into(t, `${det(1)}/prod`, el('detExport', [el('nDraw', '20260000001')]));
    },
    breakIt: (t) => setText(t, prod(1, 'CFOP'), '7127'),
  },
  'I52-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '7501');
      setText(t, ide('finNFe'), '2');
    },
    breakIt: (t) => setText(t, prod(1, 'CFOP'), '7501'),
  },
  'I54-10': {
    sample: standard,
    alsoPasses: (t) => into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal)))),
    breakIt: (t) => {
      const k = keyOf(sampleNfe(difal));
      into(t, `${det(1)}/prod`, exportInd(`${k.slice(0, 43)}${(Number(k[43]) + 1) % 10}`));
    },
  },
  'I54-20': { sample: standard, breakIt: (t) => into(t, `${det(1)}/prod`, exportInd(nfceKey())) },
  'I54-30': {
    sample: standard,
    breakIt: (t) => {
      into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal)), '0.5000'));
      into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal)), '0.5000'));
    },
  },
  'I54-40': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal))));
      into(t, `${I}/ide`, nfref(keyOf(sampleNfe(difal))));
    },
    breakIt: (t) => into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal)))),
  },
  'I55-10': {
    sample: standard,
    alsoPasses: (t) => into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal)), '1.0000')),
    breakIt: (t) => into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal)), '2.0000')),
  },
};

const rules = documentRules;
const found = (tree: XNode, id: string) => {
  const r = validateNfeRules(tree, { tabelas: tables, agora });
  return [...r.rejeicoes, ...r.alertas].filter((f) => f.regra === id);
};

describe('MOC 7.0 annex I rules of decision 072: a positive and a negative case each', () => {
  it('every one of these rules has its case here, and no case is left without its rule', () => {
    expect(rules.map((r) => r.id).filter((id) => !cases[id])).toEqual([]);
    expect(Object.keys(cases).filter((id) => !rules.some((r) => r.id === id))).toEqual([]);
  });

  for (const rule of rules) {
    const c = cases[rule.id];
    if (!c) continue;
    it(`${rule.id} (${rule.codigo}, ${rule.fonte.documento} v${rule.fonte.versao}, ${rule.fonte.secao}): ${rule.descricao}`, () => {
      expect(found(sampleNfe(c.sample), rule.id)).toEqual([]);
      if (c.alsoPasses) {
        const t = sampleNfe(c.sample);
        c.alsoPasses(t);
        expect(found(t, rule.id)).toEqual([]);
      }
      const broken = sampleNfe(c.sample);
      c.breakIt(broken);
      const f = found(broken, rule.id);
      expect(f.length).toBeGreaterThan(0);
      expect(f[0]!.codigo).toBe(rule.codigo);
      expect(f[0]!.campo).toMatch(/^NFe\/infNFe/);
    });
  }

  it('the valid samples of these tests get no rejection from any rule of the book', () => {
    for (const s of [standard, nfce, difal]) {
      const r = validateNfeRules(sampleNfe(s), { tabelas: tables, agora });
      expect(r.rejeicoes).toEqual([]);
    }
  });
});
