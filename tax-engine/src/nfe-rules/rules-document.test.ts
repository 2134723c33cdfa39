import { describe, expect, it } from 'vitest';
import { documentRules } from './rules-document.js';
import { type SampleNfe, sampleNfe } from './sample-nfe.js';
import { el } from './sample-xml.js';
import {
  bundledTables,
  eachRuleCase,
  find,
  hiddenByRequirements,
  insert,
  positivesSkipped,
  type RuleCase,
  remove,
  setText,
} from './test-support.js';
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

const interstate: SampleNfe = {
  ...standard,
  destinatario: { cnpj: '11444777000161', uf: 'RJ', contribuinte: true },
  items: standard.items.map((i) => ({ ...i, icms: { ...i.icms, pICMS: '12' } })),
};
const simplesConsumer: SampleNfe = {
  ...difal,
  emitente: { ...emit, crt: '1' },
  items: [{ vProd: '100.00', icms: { csosn: '102' } }],
};
const icms = (n: number) => `${det(n)}/imposto/ICMS`;
const icms00 = (n: number) => `${icms(n)}/ICMS00`;
/** Replaces item n's ICMS group. */
const setIcms = (t: XNode, n: number, group: XNode) => {
  find(t, icms(n)).children = [group];
};
const g = (name: string, fields: [string, string][]) =>
  el(
    name,
    fields.map(([k, v]) => el(k, v)),
  );
const icms51 = (over: Record<string, string> = {}) =>
  g(
    'ICMS51',
    Object.entries({
      orig: '0',
      CST: '51',
      modBC: '3',
      vBC: '1000.00',
      pICMS: '18.0000',
      vICMSOp: '180.00',
      pDif: '100.0000',
      vICMSDif: '180.00',
      vICMS: '0.00',
      ...over,
    }),
  );
const icms10 = (fields: [string, string][]) =>
  g('ICMS10', [
    ['orig', '0'],
    ['CST', '10'],
    ['modBC', '3'],
    ['vBC', '1000.00'],
    ['pICMS', '18.0000'],
    ['vICMS', '180.00'],
    ...fields,
    ['vBCST', '1400.00'],
    ['pICMSST', '18.0000'],
    ['vICMSST', '72.00'],
  ]);
/** ICMS10 with FCP (2 % of 1 000,00 = 20,00) and FCP ST on 1 400,00 at 2 %, vFCPST as given. */
const icms10Fcp = (vFCPST: string) =>
  g('ICMS10', [
    ['orig', '0'],
    ['CST', '10'],
    ['modBC', '3'],
    ['vBC', '1000.00'],
    ['pICMS', '18.0000'],
    ['vICMS', '180.00'],
    ['vBCFCP', '1000.00'],
    ['pFCP', '2.0000'],
    ['vFCP', '20.00'],
    ['modBCST', '5'],
    ['vBCST', '1400.00'],
    ['pICMSST', '18.0000'],
    ['vICMSST', '72.00'],
    ['vBCFCPST', '1400.00'],
    ['pFCPST', '2.0000'],
    ['vFCPST', vFCPST],
  ]);
/** A card group integrated with the sale's automation (tpIntegra 1). */
const card = (fields: [string, string][]) => g('card', [['tpIntegra', '1'], ...fields]);
const desonerado = (mot: string, deson = true) =>
  g('ICMS40', [
    ['orig', '0'],
    ['CST', '40'],
    ...(deson ? ([['vICMSDeson', '10.00']] as [string, string][]) : []),
    ['motDesICMS', mot],
  ]);
const ufDest = () =>
  g('ICMSUFDest', [
    ['vBCUFDest', '30.00'],
    ['pFCPUFDest', '0.0000'],
    ['pICMSUFDest', '18.0000'],
    ['pICMSInter', '12.00'],
    ['pICMSInterPart', '100.0000'],
    ['vFCPUFDest', '0.00'],
    ['vICMSUFDest', '1.80'],
    ['vICMSUFRemet', '0.00'],
  ]);
const ufDestPath = `${det(1)}/imposto/ICMSUFDest`;
const transp = `${I}/transp`;
const transporta = (fields: [string, string][]) => g('transporta', fields);
const cobr = (fat: [string, string, string, string] | null, parcelas: [string, string, string][]) =>
  el('cobr', [
    fat
      ? g('fat', [
          ['nFat', fat[0]],
          ['vOrig', fat[1]],
          ['vDesc', fat[2]],
          ['vLiq', fat[3]],
        ])
      : undefined,
    ...parcelas.map(([n, venc, v]) =>
      g('dup', [
        ['nDup', n],
        ['dVenc', venc],
        ['vDup', v],
      ]),
    ),
  ]);
const addCobr = (t: XNode, node: XNode) => into(t, I, node, 'pag');
const pag = `${I}/pag/detPag`;
const comb = (fields: [string, string][], extra: XNode[] = []) =>
  el('comb', [...fields.map(([k, v]) => el(k, v)), ...extra]);
const encerrante = (ini: string, fin: string) =>
  g('encerrante', [
    ['nBico', '1'],
    ['nTanque', '1'],
    ['vEncIni', ini],
    ['vEncFin', fin],
  ]);
const glp = (p: [string, string, string], vPart?: string) =>
  comb([
    ['cProdANP', '210203001'],
    ['descANP', 'GLP'],
    ['pGLP', p[0]],
    ['pGNn', p[1]],
    ['pGNi', p[2]],
    ...(vPart ? ([['vPart', vPart]] as [string, string][]) : []),
    ['UFCons', 'SP'],
  ]);
const ieSp = () => find(sampleNfe(standard), `${I}/emit/IE`).text!;

const withIe = (node: XNode, ie: string) => {
  node.children.push(el('IE', ie));
  return node;
};
const badIe = () => {
  const ie = ieSp();
  return `${ie.slice(0, -1)}${(Number(ie.at(-1)) + 1) % 10}`;
};
/** Item 1 subject to the ISSQN and the ISSQNtot group with the given totals. */
const issqnTotals = (t: XNode, totals: [string, string][]) => {
  into(t, `${det(1)}/imposto`, issqn());
  into(t, `${I}/total`, g('ISSQNtot', totals), 'vNFTot');
};
const respTec = (cnpj: string) =>
  g('infRespTec', [
    ['CNPJ', cnpj],
    ['xContato', 'SUPORTE'],
    ['email', 'suporte@example.com'],
    ['fone', '1133334444'],
  ]);

const withIbs: SampleNfe = {
  ...standard,
  items: standard.items.map((i) => ({ ...i, ibscbs: { cst: '000', cClassTrib: '000001' } })),
};
const nfceWithIbs: SampleNfe = {
  ...nfce,
  items: nfce.items.map((i) => ({ ...i, ibscbs: { cst: '000', cClassTrib: '000001' } })),
};
const gIBSCBS = (n: number) => `${det(n)}/imposto/IBSCBS/gIBSCBS`;
const tribRegular = (uf: string, mun: string, cbs: string) =>
  g('gTribRegular', [
    ['CSTReg', '000'],
    ['cClassTribReg', '000001'],
    ['pAliqEfetRegIBSUF', '0.1000'],
    ['vTribRegIBSUF', uf],
    ['pAliqEfetRegIBSMun', '0.0000'],
    ['vTribRegIBSMun', mun],
    ['pAliqEfetRegCBS', '0.9000'],
    ['vTribRegCBS', cbs],
  ]);
const transfCred = (t: XNode, vIBS: string, vCBS: string) => {
  const ibs = find(t, `${det(1)}/imposto/IBSCBS`);
  ibs.children = [
    ...ibs.children.filter((c) => c.name !== 'gIBSCBS'),
    g('gTransfCred', [
      ['vIBS', vIBS],
      ['vCBS', vCBS],
    ]),
  ];
};
const debit = (t: XNode, tp: string) => {
  setText(t, ide('finNFe'), '6');
  into(t, `${I}/ide`, el('tpNFDebito', tp), 'procEmi');
};
// det/DFeReferenciado of NT 2025.002 (group VC): the referenced DF-e's key and, optionally, its item.
const otherKey = '35261011444777000161550010000012341000012345';
const dfeRef = (t: XNode, n: number, key = otherKey, item: string | null = '1') =>
  into(t, det(n), el('DFeReferenciado', [el('chaveAcesso', key), ...(item ? [el('nItem', item)] : [])]));
const credit = (t: XNode) => {
  setText(t, ide('finNFe'), '5');
  into(t, `${I}/ide`, el('tpNFCredito', '02'), 'procEmi');
};

type Case = RuleCase;

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
  // B22-34 (Facult.): FS (2) and FS-DA (5) rejected in an NFC-e; EPEC (4) left to the UF by the row's observação.
  'B22-34': {
    sample: nfce,
    alsoPasses: (t) => setText(t, ide('tpEmis'), '4'),
    breakIt: (t) => setText(t, ide('tpEmis'), '5'),
  },
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
  'B25c-20': {
    sample: standard,
    // NT 2020.006 v1.10: indIntermed is allowed with indPres 1 (an NFC-e authorised in ES in 2023 had indPres 1,
    // indIntermed 0); only indIntermed=1 outside indPres 1, 2, 3, 4, 9 is refused.
    alsoPasses: (t) => into(t, `${I}/ide`, el('indIntermed', '0'), 'procEmi'),
    breakIt: (t) => {
      setText(t, ide('indPres'), '0');
      into(t, `${I}/ide`, el('indIntermed', '1'), 'procEmi');
    },
  },
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
    // The substitute's own IE in the destination's UF (RJ, check digit of SINTEGRA's RJ routine), not the buyer's.
    sample: interstate,
    alsoPasses: (t) => into(t, `${I}/emit`, el('IEST', '12345674'), 'CRT'),
    breakIt: (t) => into(t, `${I}/emit`, el('IEST', find(t, `${I}/emit/IE`).text!), 'CRT'),
  },
  'D01-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('procEmi'), '1');
      into(t, I, el('avulsa', [el('CNPJ', '11222333000181')]), 'dest');
    },
    breakIt: (t) => into(t, I, el('avulsa', [el('CNPJ', '11222333000181')]), 'dest'),
  },
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
  'E03a-20': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('indFinal'), '1');
      remove(t, `${I}/dest/CNPJ`);
      into(t, `${I}/dest`, el('idEstrangeiro', 'AB12345'), 'xNome');
    },
    breakIt: (t) => into(t, `${I}/dest`, el('idEstrangeiro', 'AB12345'), 'xNome'),
  },
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
  'GA02-20': {
    sample: standard,
    alsoPasses: (t) => into(t, I, el('autXML', [el('CNPJ', '11222333000262')]), 'det'),
    breakIt: (t) => into(t, I, el('autXML', [el('CNPJ', '11444777000161')]), 'det'),
  },
  'GA03-10': {
    sample: standard,
    alsoPasses: (t) => into(t, I, el('autXML', [el('CPF', '52998224725')]), 'det'),
    breakIt: (t) => into(t, I, el('autXML', [el('CPF', '52998224724')]), 'det'),
  },
  'GA03-20': {
    sample: difal,
    alsoPasses: (t) => into(t, I, el('autXML', [el('CPF', '11144477735')]), 'det'),
    breakIt: (t) => into(t, I, el('autXML', [el('CPF', '52998224725')]), 'det'),
  },
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
  // Removed by NT 2024.003 v1.09 (production until 20/03/2026): the case is a document of 10/03/2026, when it still applied;
  // nt-changes.test.ts has the same document after the removal.
  'I08-94': {
    sample: { ...difal, data: '2026-03-10' },
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
  // I08-180 (Facult.): CFOP 5.929 referencing a model-65 key (positions 21–22); a model-55 reference passes.
  'I08-180': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '5929');
      into(t, `${I}/ide`, nfref(keyOf(sampleNfe(difal))));
    },
    breakIt: (t) => {
      setText(t, prod(1, 'CFOP'), '5929');
      into(t, `${I}/ide`, nfref(nfceKey()));
    },
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
    alsoPasses: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        di([el('tpViaTransp', '4'), el('tpIntermedio', '2'), el('CNPJ', '11444777000161'), el('UFTerceiro', 'SP')]),
      ),
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        di([el('tpViaTransp', '4'), el('tpIntermedio', '2'), el('CNPJ', '11444777000160'), el('UFTerceiro', 'SP')]),
      ),
  },
  'I23e-10': {
    sample: standard,
    alsoPasses: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        di([el('tpViaTransp', '4'), el('tpIntermedio', '3'), el('CNPJ', '11444777000161'), el('UFTerceiro', 'SP')]),
      ),
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
    alsoPasses: (t) => {
      setText(t, ide('idDest'), '3');
      into(t, `${det(1)}/prod`, el('detExport', [el('nDraw', '20260000001')]));
    },
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
  'I54-20': {
    sample: standard,
    alsoPasses: (t) => into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal)))),
    breakIt: (t) => into(t, `${det(1)}/prod`, exportInd(nfceKey())),
  },
  'I54-30': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, `${det(1)}/prod`, exportInd(keyOf(sampleNfe(difal)), '0.5000'));
      into(t, `${det(1)}/prod`, exportInd(otherKey, '0.5000'));
    },
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

  // Groups N, NA, O, P, R, T, U and UA.
  'N12-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '7102');
      setIcms(
        t,
        1,
        g('ICMS40', [
          ['orig', '0'],
          ['CST', '41'],
        ]),
      );
    },
    breakIt: (t) => setText(t, prod(1, 'CFOP'), '7102'),
  },
  'N12-34': {
    sample: nfce,
    alsoPasses: (t) =>
      setIcms(
        t,
        1,
        g('ICMS90', [
          ['orig', '0'],
          ['CST', '90'],
        ]),
      ),
    breakIt: (t) =>
      setIcms(
        t,
        1,
        g('ICMS90', [
          ['orig', '0'],
          ['CST', '90'],
          ['modBCST', '4'],
        ]),
      ),
  },
  'N12-50': {
    sample: nfce,
    breakIt: (t) =>
      setIcms(
        t,
        1,
        g('ICMSPart', [
          ['orig', '0'],
          ['CST', '10'],
        ]),
      ),
  },
  'N12-60': {
    sample: nfce,
    breakIt: (t) =>
      setIcms(
        t,
        1,
        g('ICMSST', [
          ['orig', '0'],
          ['CST', '60'],
        ]),
      ),
  },
  'N12a-34': {
    sample: nfce,
    alsoPasses: (t) =>
      setIcms(
        t,
        1,
        g('ICMSSN900', [
          ['orig', '0'],
          ['CSOSN', '900'],
        ]),
      ),
    breakIt: (t) =>
      setIcms(
        t,
        1,
        g('ICMSSN900', [
          ['orig', '0'],
          ['CSOSN', '900'],
          ['modBCST', '4'],
        ]),
      ),
  },
  'N12a-70': {
    sample: simplesConsumer,
    alsoPasses: (t) => {
      setIcms(
        t,
        1,
        g('ICMSSN900', [
          ['orig', '0'],
          ['CSOSN', '900'],
        ]),
      );
      setText(t, prod(1, 'CFOP'), '6915');
    },
    breakIt: (t) =>
      setIcms(
        t,
        1,
        g('ICMSSN900', [
          ['orig', '0'],
          ['CSOSN', '900'],
        ]),
      ),
  },
  'N12-80': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, `${I}/dest/indIEDest`, '2');
      setIcms(
        t,
        1,
        g('ICMS40', [
          ['orig', '0'],
          ['CST', '50'],
        ]),
      );
      setText(t, prod(1, 'CFOP'), '5915');
    },
    breakIt: (t) => {
      setText(t, `${I}/dest/indIEDest`, '2');
      setIcms(
        t,
        1,
        g('ICMS40', [
          ['orig', '0'],
          ['CST', '50'],
        ]),
      );
    },
  },
  // MOC 7.0 annex I, N23d-10: vFCPST = vBCFCPST × pFCPST − vFCP (*4): 1 400,00 × 2 % − 20,00 = 8,00; 28,00 leaves the
  // FCP of the operation (vFCP, N17c) in.
  'N23d-10': {
    sample: standard,
    alsoPasses: (t) => setIcms(t, 1, icms10Fcp('8.00')),
    breakIt: (t) => setIcms(t, 1, icms10Fcp('28.00')),
  },
  // Exceção 5: delivered in another state than the emitter's, the rate is not judged.
  'N16-20': {
    sample: interstate,
    alsoPasses: (t) => {
      setText(t, `${icms00(1)}/pICMS`, '18.0000');
      into(t, I, place('entrega', ['CNPJ', '11444777000161'], 'MG', '3106200'), 'det');
    },
    breakIt: (t) => setText(t, `${icms00(1)}/pICMS`, '18.0000'),
  },
  'N16a-10': {
    sample: standard,
    alsoPasses: (t) => setIcms(t, 1, icms51()),
    breakIt: (t) => setIcms(t, 1, icms51({ vICMSOp: '170.00' })),
  },
  'N16c-10': {
    sample: standard,
    alsoPasses: (t) => setIcms(t, 1, icms51({ pDif: '50.0000', vICMSDif: '90.00', vICMS: '90.00' })),
    breakIt: (t) => setIcms(t, 1, icms51({ vICMSDif: '100.00', vICMS: '80.00' })),
  },
  'N17-10': {
    sample: standard,
    alsoPasses: (t) => setIcms(t, 1, icms51()),
    breakIt: (t) => setIcms(t, 1, icms51({ vICMS: '10.00' })),
  },
  'N17b-10': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, icms00(1), el('pFCP', '2.0000'));
      into(t, icms00(1), el('vFCP', '20.00'));
    },
    breakIt: (t) => into(t, icms00(1), el('pFCP', '0.0000')),
  },
  'N17c-10': {
    sample: standard,
    breakIt: (t) => {
      into(t, icms00(1), el('pFCP', '2.0000'));
      into(t, icms00(1), el('vFCP', '25.00'));
    },
  },
  'N17c-20': {
    sample: difal,
    breakIt: (t) => {
      into(t, icms00(1), el('pFCP', '2.0000'));
      into(t, icms00(1), el('vFCP', '10.00'));
    },
  },
  'N18-10': {
    sample: standard,
    alsoPasses: (t) =>
      setIcms(
        t,
        1,
        icms10([
          ['modBCST', '4'],
          ['pMVAST', '40.0000'],
        ]),
      ),
    breakIt: (t) => setIcms(t, 1, icms10([['modBCST', '4']])),
  },
  'N18-20': {
    sample: standard,
    alsoPasses: (t) =>
      setIcms(
        t,
        1,
        icms10([
          ['modBCST', '4'],
          ['pMVAST', '40.0000'],
        ]),
      ),
    breakIt: (t) =>
      setIcms(
        t,
        1,
        icms10([
          ['modBCST', '5'],
          ['pMVAST', '40.0000'],
        ]),
      ),
  },
  'N28-10': {
    sample: standard,
    alsoPasses: (t) => {
      setIcms(t, 1, desonerado('7'));
      into(t, `${I}/dest`, el('ISUF', '200123456'));
    },
    breakIt: (t) => setIcms(t, 1, desonerado('7')),
  },
  'N28-20': {
    sample: standard,
    alsoPasses: (t) => {
      setIcms(t, 1, desonerado('7'));
      setText(t, prod(1, 'CFOP'), '5109');
    },
    breakIt: (t) => setIcms(t, 1, desonerado('7')),
  },
  'N28-30': {
    sample: standard,
    alsoPasses: (t) => setIcms(t, 1, desonerado('9')),
    breakIt: (t) => setIcms(t, 1, desonerado('9', false)),
  },
  'NA01-10': { sample: nfce, breakIt: (t) => into(t, `${det(1)}/imposto`, ufDest()) },
  'NA01-30': { sample: difal, breakIt: (t) => setText(t, ide('indFinal'), '0') },
  'NA09-10': { sample: difal, breakIt: (t) => setText(t, `${ufDestPath}/pICMSInter`, '4.00') },
  'NA09-20': { sample: difal, breakIt: (t) => setText(t, `${icms00(1)}/orig`, '1') },
  'NA09-30': {
    sample: difal,
    alsoPasses: (t) => {
      setText(t, `${ufDestPath}/pICMSInter`, '12.00');
      into(t, I, place('entrega', ['CPF', '52998224725'], 'RJ', '3304557'), 'det');
    },
    breakIt: (t) => setText(t, `${ufDestPath}/pICMSInter`, '12.00'),
  },
  'NA13-10': { sample: difal, breakIt: (t) => setText(t, `${ufDestPath}/vFCPUFDest`, '1.00') },
  'O01-10': {
    sample: nfce,
    breakIt: (t) => into(t, `${det(1)}/imposto`, el('IPI', [el('cEnq', '999'), g('IPINT', [['CST', '53']])])),
  },
  'O09-10': {
    sample: standard,
    alsoPasses: (t) => into(t, `${det(2)}/imposto`, el('IPI', [el('cEnq', '301'), g('IPINT', [['CST', '52']])]), 'PIS'),
    breakIt: (t) => into(t, `${det(2)}/imposto`, el('IPI', [el('cEnq', '999'), g('IPINT', [['CST', '52']])]), 'PIS'),
  },
  'P01-10': {
    sample: nfce,
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/imposto`,
        g('II', [
          ['vBC', '0.00'],
          ['vDespAdu', '0.00'],
          ['vII', '0.00'],
          ['vIOF', '0.00'],
        ]),
      ),
  },
  'R01-10': {
    sample: nfce,
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/imposto`,
        g('PISST', [
          ['vBC', '0.00'],
          ['pPIS', '0.0000'],
          ['vPIS', '0.00'],
        ]),
      ),
  },
  'T01-10': {
    sample: nfce,
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/imposto`,
        g('COFINSST', [
          ['vBC', '0.00'],
          ['pCOFINS', '0.0000'],
          ['vCOFINS', '0.00'],
        ]),
      ),
  },
  'U01-10': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, `${det(1)}/imposto`, issqn());
      into(t, `${I}/emit`, el('IM', '12345'), 'CRT');
    },
    breakIt: (t) => into(t, `${det(1)}/imposto`, issqn()),
  },
  // U01-20 (Facult.): ISSQN beside an ICMS item passes (conjugada); ISSQN with no ICMS group in any item is rejected.
  'U01-20': {
    sample: standard,
    alsoPasses: (t) => into(t, `${det(1)}/imposto`, issqn()),
    breakIt: (t) => {
      for (const n of [1, 2]) {
        remove(t, icms(n));
        into(t, `${det(n)}/imposto`, issqn());
      }
    },
  },
  'UA01-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('finNFe'), '4');
      into(t, det(1), el('impostoDevol', [el('pDevol', '100.00'), g('IPI', [['vIPIDevol', '100.00']])]));
    },
    breakIt: (t) => into(t, det(1), el('impostoDevol', [el('pDevol', '100.00'), g('IPI', [['vIPIDevol', '100.00']])])),
  },
  'UA01-20': { sample: nfce, breakIt: (t) => into(t, det(1), el('impostoDevol', [el('pDevol', '100.00')])) },
  // Group W: totals.
  'W04b-10': { sample: standard, breakIt: (t) => setText(t, `${I}/total/ICMSTot/vFCP`, '1.00') },
  'W06a-10': { sample: standard, breakIt: (t) => setText(t, `${I}/total/ICMSTot/vFCPST`, '1.00') },
  'W06b-10': { sample: standard, breakIt: (t) => setText(t, `${I}/total/ICMSTot/vFCPSTRet`, '1.00') },
  'W12a-10': { sample: standard, breakIt: (t) => setText(t, `${I}/total/ICMSTot/vIPIDevol`, '1.00') },
  'W16a-10': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, `${det(1)}/imposto`, el('vTotTrib', '5.00'), 'ICMS');
      into(t, `${I}/total/ICMSTot`, el('vTotTrib', '5.00'));
    },
    breakIt: (t) => into(t, `${I}/total/ICMSTot`, el('vTotTrib', '5.00')),
  },
  // Group X: transport.
  'X02-10': {
    sample: nfce,
    alsoPasses: (t) => {
      setText(t, `${transp}/modFrete`, '0');
      setText(t, ide('indPres'), '4');
    },
    breakIt: (t) => setText(t, `${transp}/modFrete`, '0'),
  },
  'X02-20': {
    sample: interstate,
    breakIt: (t) =>
      into(
        t,
        transp,
        g('veicTransp', [
          ['placa', 'ABC1D23'],
          ['UF', 'SP'],
        ]),
      ),
  },
  'X03-10': {
    sample: nfce,
    alsoPasses: (t) => {
      into(t, transp, transporta([['CNPJ', '11444777000161']]));
      setText(t, ide('indPres'), '4');
    },
    breakIt: (t) => into(t, transp, transporta([['CNPJ', '11444777000161']])),
  },
  'X03-20': {
    sample: nfce,
    alsoPasses: (t) => {
      into(t, transp, transporta([['CNPJ', '11444777000161']]));
      setText(t, ide('indPres'), '4');
    },
    breakIt: (t) => setText(t, ide('indPres'), '4'),
  },
  'X04-20': {
    sample: standard,
    alsoPasses: (t) => into(t, transp, transporta([['CNPJ', '11444777000161']])),
    breakIt: (t) => into(t, transp, transporta([['CNPJ', '11444777000160']])),
  },
  'X05-10': {
    sample: standard,
    alsoPasses: (t) => into(t, transp, transporta([['CPF', '52998224725']])),
    breakIt: (t) => into(t, transp, transporta([['CPF', '52998224724']])),
  },
  'X07-10': {
    sample: standard,
    alsoPasses: (t) =>
      into(
        t,
        transp,
        transporta([
          ['CNPJ', '11444777000161'],
          ['IE', ieSp()],
          ['UF', 'SP'],
        ]),
      ),
    breakIt: (t) =>
      into(
        t,
        transp,
        transporta([
          ['CNPJ', '11444777000161'],
          ['IE', ieSp()],
        ]),
      ),
  },
  'X07-20': {
    sample: standard,
    alsoPasses: (t) =>
      into(
        t,
        transp,
        transporta([
          ['CNPJ', '11444777000161'],
          ['IE', 'ISENTO'],
          ['UF', 'SP'],
        ]),
      ),
    breakIt: (t) => {
      const ie = ieSp();
      into(
        t,
        transp,
        transporta([
          ['CNPJ', '11444777000161'],
          ['IE', `${ie.slice(0, -1)}${(Number(ie.at(-1)) + 1) % 10}`],
          ['UF', 'SP'],
        ]),
      );
    },
  },
  'X11-10': {
    sample: nfce,
    breakIt: (t) =>
      into(
        t,
        transp,
        g('retTransp', [
          ['vServ', '10.00'],
          ['CFOP', '5352'],
        ]),
      ),
  },
  'X16-10': {
    sample: standard,
    alsoPasses: (t) =>
      into(
        t,
        transp,
        g('retTransp', [
          ['vServ', '10.00'],
          ['CFOP', '5352'],
        ]),
      ),
    breakIt: (t) =>
      into(
        t,
        transp,
        g('retTransp', [
          ['vServ', '10.00'],
          ['CFOP', '5102'],
        ]),
      ),
  },
  'X18-10': { sample: nfce, breakIt: (t) => into(t, transp, g('veicTransp', [['placa', 'ABC1D23']])) },
  'X22-10': { sample: nfce, breakIt: (t) => into(t, transp, g('reboque', [['placa', 'ABC1D23']])) },
  'X25a-10': { sample: nfce, breakIt: (t) => into(t, transp, el('vagao', 'V1')) },
  'X25b-10': { sample: nfce, breakIt: (t) => into(t, transp, el('balsa', 'B1')) },
  // Group Y: billing (fat and dup).
  'Y01-10': { sample: nfce, breakIt: (t) => addCobr(t, cobr(['1', '30.00', '0.00', '30.00'], [])) },
  'Y01-20': {
    sample: standard,
    alsoPasses: (t) => addCobr(t, cobr(['1', '100.00', '0.00', '100.00'], [['001', '2026-11-10', '100.00']])),
    breakIt: (t) => addCobr(t, cobr(null, [['001', '2026-11-10', '100.00']])),
  },
  'Y05-10': {
    sample: standard,
    alsoPasses: (t) => addCobr(t, cobr(['1', '100.00', '100.00', '0.00'], [])),
    breakIt: (t) => addCobr(t, cobr(['1', '100.00', '150.00', '0.00'], [])),
  },
  'Y06-10': {
    sample: standard,
    alsoPasses: (t) => addCobr(t, cobr(['1', '100.00', '10.00', '90.00'], [])),
    breakIt: (t) => addCobr(t, cobr(['1', '100.00', '10.00', '95.00'], [])),
  },
  'Y08-10': {
    sample: standard,
    alsoPasses: (t) =>
      addCobr(
        t,
        cobr(
          ['1', '100.00', '0.00', '100.00'],
          [
            ['001', '2026-11-10', '50.00'],
            ['002', '2026-12-10', '50.00'],
          ],
        ),
      ),
    breakIt: (t) => addCobr(t, cobr(['1', '100.00', '0.00', '100.00'], [['1', '2026-11-10', '100.00']])),
  },
  'Y09-20': {
    sample: standard,
    alsoPasses: (t) => addCobr(t, cobr(['1', '100.00', '0.00', '100.00'], [['001', '2026-10-10', '100.00']])),
    breakIt: (t) => addCobr(t, cobr(['1', '100.00', '0.00', '100.00'], [['001', '2026-10-09', '100.00']])),
  },
  'Y09-30': {
    sample: standard,
    alsoPasses: (t) =>
      addCobr(
        t,
        cobr(
          ['1', '100.00', '0.00', '100.00'],
          [
            ['001', '2026-11-10', '50.00'],
            ['002', '2026-11-10', '50.00'],
          ],
        ),
      ),
    breakIt: (t) =>
      addCobr(
        t,
        cobr(
          ['1', '100.00', '0.00', '100.00'],
          [
            ['001', '2026-11-10', '50.00'],
            ['002', '2026-11-01', '50.00'],
          ],
        ),
      ),
  },
  'Y10-10': {
    sample: standard,
    alsoPasses: (t) =>
      addCobr(
        t,
        cobr(
          ['1', '100.00', '0.00', '100.00'],
          [
            ['001', '2026-11-10', '60.00'],
            ['002', '2026-12-10', '40.00'],
          ],
        ),
      ),
    breakIt: (t) =>
      addCobr(
        t,
        cobr(
          ['1', '100.00', '0.00', '100.00'],
          [
            ['001', '2026-11-10', '60.00'],
            ['002', '2026-12-10', '30.00'],
          ],
        ),
      ),
  },
  // Groups YA and YB: payment and intermediary.
  'YA02-04': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('finNFe'), '4');
      setText(t, `${pag}/tPag`, '90');
    },
    breakIt: (t) => setText(t, ide('finNFe'), '4'),
  },
  'YA02-10': { sample: nfce, breakIt: (t) => setText(t, `${pag}/tPag`, '14') },
  'YA02-40': { sample: nfce, breakIt: (t) => setText(t, `${pag}/tPag`, '90') },
  'YA02-50': { sample: nfce, breakIt: (t) => setText(t, `${pag}/tPag`, '99') },
  'YA03-30': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, `${pag}/tPag`, '90');
      setText(t, `${pag}/vPag`, '0.00');
    },
    breakIt: (t) => setText(t, `${pag}/tPag`, '90'),
  },
  // MOC 7.0 annex I, YA04-10 (NFC-e, "Facul."): "Se o Pagamento for por cartão (tag:tPag=03, 04), deve ser informado o
  // grupo de cartões (tag:card)".
  'YA04-10': {
    sample: nfce,
    alsoPasses: (t) => {
      setText(t, `${pag}/tPag`, '03');
      into(t, pag, g('card', [['tpIntegra', '2']]));
    },
    breakIt: (t) => setText(t, `${pag}/tPag`, '03'),
  },
  // MOC 7.0 annex I, YA05-10 ("Facul."): "Se o pagamento com cartão for integrado ao sistema de automação da empresa
  // (tag:tpIntegra=1) devem ser informado os campos de CNPJ da Credenciadora e o código de autenticação da operação".
  'YA05-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, `${pag}/tPag`, '03');
      into(
        t,
        pag,
        card([
          ['CNPJ', '11444777000161'],
          ['tBand', '01'],
          ['cAut', 'A1B2C3'],
        ]),
      );
    },
    breakIt: (t) => {
      setText(t, `${pag}/tPag`, '03');
      into(
        t,
        pag,
        card([
          ['CNPJ', '11444777000161'],
          ['tBand', '01'],
        ]),
      );
    },
  },
  'YA05-20': {
    sample: standard,
    alsoPasses: (t) =>
      into(
        t,
        pag,
        g('card', [
          ['tpIntegra', '2'],
          ['CNPJ', '11444777000161'],
        ]),
      ),
    breakIt: (t) =>
      into(
        t,
        pag,
        g('card', [
          ['tpIntegra', '2'],
          ['CNPJ', '11444777000160'],
        ]),
      ),
  },
  'YB01-10': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, `${I}/ide`, el('indIntermed', '1'), 'procEmi');
      into(
        t,
        I,
        g('infIntermed', [
          ['CNPJ', '11444777000161'],
          ['idCadIntTran', 'LOJA'],
        ]),
        'pag',
      );
    },
    breakIt: (t) => into(t, `${I}/ide`, el('indIntermed', '1'), 'procEmi'),
  },
  'YB01-20': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, `${I}/ide`, el('indIntermed', '1'), 'procEmi');
      into(
        t,
        I,
        g('infIntermed', [
          ['CNPJ', '11444777000161'],
          ['idCadIntTran', 'LOJA'],
        ]),
        'pag',
      );
    },
    breakIt: (t) =>
      into(
        t,
        I,
        g('infIntermed', [
          ['CNPJ', '11444777000161'],
          ['idCadIntTran', 'LOJA'],
        ]),
        'pag',
      ),
  },
  'YB02-10': {
    sample: standard,
    alsoPasses: (t) => {
      into(t, `${I}/ide`, el('indIntermed', '1'), 'procEmi');
      into(
        t,
        I,
        g('infIntermed', [
          ['CNPJ', '11444777000161'],
          ['idCadIntTran', 'LOJA'],
        ]),
        'pag',
      );
    },
    breakIt: (t) => {
      into(t, `${I}/ide`, el('indIntermed', '1'), 'procEmi');
      into(
        t,
        I,
        g('infIntermed', [
          ['CNPJ', '11444777000160'],
          ['idCadIntTran', 'LOJA'],
        ]),
        'pag',
      );
    },
  },
  // Groups ZA, ZB, ZC and the item groups J, K, L, LA, LB.
  'ZA01-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('idDest'), '3');
      into(
        t,
        I,
        g('exporta', [
          ['UFSaidaPais', 'SP'],
          ['xLocExporta', 'SANTOS'],
        ]),
      );
    },
    breakIt: (t) => setText(t, ide('idDest'), '3'),
  },
  'ZA01-20': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('idDest'), '3');
      into(
        t,
        I,
        g('exporta', [
          ['UFSaidaPais', 'SP'],
          ['xLocExporta', 'SANTOS'],
        ]),
      );
    },
    breakIt: (t) =>
      into(
        t,
        I,
        g('exporta', [
          ['UFSaidaPais', 'SP'],
          ['xLocExporta', 'SANTOS'],
        ]),
      ),
  },
  'ZA01-30': {
    sample: nfce,
    breakIt: (t) =>
      into(
        t,
        I,
        g('exporta', [
          ['UFSaidaPais', 'SP'],
          ['xLocExporta', 'SANTOS'],
        ]),
      ),
  },
  'ZB01-10': { sample: nfce, breakIt: (t) => into(t, I, g('compra', [['xPed', '123']])) },
  'ZB02-10': {
    sample: standard,
    alsoPasses: (t) => {
      setIcms(t, 1, desonerado('8'));
      into(t, I, g('compra', [['xNEmp', '2026NE000123']]));
    },
    breakIt: (t) => setIcms(t, 1, desonerado('8')),
  },
  'ZC01-10': {
    sample: nfce,
    breakIt: (t) =>
      into(
        t,
        I,
        g('cana', [
          ['safra', '2026'],
          ['ref', '10/2026'],
        ]),
      ),
  },
  'J01-10': { sample: nfce, breakIt: (t) => into(t, `${det(1)}/prod`, g('veicProd', [['tpOp', '0']])) },
  'K01-20': {
    sample: standard,
    alsoPasses: (t) => {
      into(
        t,
        `${det(1)}/prod`,
        g('rastro', [
          ['nLote', 'L1'],
          ['qLote', '1.000'],
          ['dFab', '2026-01-01'],
          ['dVal', '2027-01-01'],
        ]),
      );
      into(
        t,
        `${det(1)}/prod`,
        g('med', [
          ['cProdANVISA', '1234567890123'],
          ['vPMC', '10.00'],
        ]),
      );
    },
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        g('med', [
          ['cProdANVISA', '1234567890123'],
          ['vPMC', '10.00'],
        ]),
      ),
  },
  'L01-10': {
    sample: nfce,
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        g('arma', [
          ['tpArma', '0'],
          ['nSerie', '1'],
          ['nCano', '1'],
          ['descr', 'X'],
        ]),
      ),
  },
  'LA03c-10': {
    sample: standard,
    alsoPasses: (t) => into(t, `${det(1)}/prod`, glp(['60.0000', '30.0000', '10.0000'], '100.00')),
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        comb([
          ['cProdANP', '320102001'],
          ['descANP', 'GASOLINA C COMUM'],
          ['pGLP', '50.0000'],
          ['UFCons', 'SP'],
        ]),
      ),
  },
  'LA03c-20': {
    sample: standard,
    alsoPasses: (t) => into(t, `${det(1)}/prod`, glp(['60.0000', '30.0000', '10.0000'], '100.00')),
    breakIt: (t) => into(t, `${det(1)}/prod`, glp(['60.0000', '30.0000', '0.0000'], '100.00')),
  },
  'LA03d-10': {
    sample: standard,
    alsoPasses: (t) => into(t, `${det(1)}/prod`, glp(['60.0000', '30.0000', '10.0000'], '100.00')),
    breakIt: (t) => into(t, `${det(1)}/prod`, glp(['60.0000', '30.0000', '10.0000'])),
  },
  // LA11-10 (Facul.): an NFC-e selling gasoline C (cProdANP 320102001, in exceção 1's list) carries encerrante.
  'LA11-10': {
    sample: nfce,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '5656');
      into(
        t,
        `${det(1)}/prod`,
        comb(
          [
            ['cProdANP', '320102001'],
            ['descANP', 'GASOLINA C COMUM'],
            ['UFCons', 'SP'],
          ],
          [encerrante('100.000', '110.000')],
        ),
      );
    },
    breakIt: (t) => {
      setText(t, prod(1, 'CFOP'), '5656');
      into(
        t,
        `${det(1)}/prod`,
        comb([
          ['cProdANP', '320102001'],
          ['descANP', 'GASOLINA C COMUM'],
          ['UFCons', 'SP'],
        ]),
      );
    },
  },
  'LA11-20': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '5656');
      into(
        t,
        `${det(1)}/prod`,
        comb(
          [
            ['cProdANP', '320102001'],
            ['descANP', 'GASOLINA C COMUM'],
            ['UFCons', 'SP'],
          ],
          [encerrante('100.000', '110.000')],
        ),
      );
    },
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/prod`,
        comb(
          [
            ['cProdANP', '320102001'],
            ['descANP', 'GASOLINA C COMUM'],
            ['UFCons', 'SP'],
          ],
          [encerrante('100.000', '110.000')],
        ),
      ),
  },
  'LA16-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, prod(1, 'CFOP'), '5656');
      into(
        t,
        `${det(1)}/prod`,
        comb(
          [
            ['cProdANP', '320102001'],
            ['descANP', 'GASOLINA C COMUM'],
            ['UFCons', 'SP'],
          ],
          [encerrante('90.000', '100.000')],
        ),
      );
    },
    breakIt: (t) => {
      setText(t, prod(1, 'CFOP'), '5656');
      into(
        t,
        `${det(1)}/prod`,
        comb(
          [
            ['cProdANP', '320102001'],
            ['descANP', 'GASOLINA C COMUM'],
            ['UFCons', 'SP'],
          ],
          [encerrante('100.000', '90.000')],
        ),
      );
    },
  },
  'LB01-10': { sample: nfce, breakIt: (t) => into(t, `${det(1)}/prod`, el('nRECOPI', '20260000000000000001')) },

  // Decision 072, last additions: IEs of the substitute and of the places, the technical contact's CNPJ, ISSQN totals.
  'C18-30': {
    sample: standard,
    alsoPasses: (t) => into(t, `${I}/emit`, el('IEST', ieSp()), 'CRT'),
    breakIt: (t) => into(t, `${I}/emit`, el('IEST', badIe()), 'CRT'),
  },
  'F15-10': {
    sample: standard,
    alsoPasses: (t) =>
      into(t, I, withIe(place('retirada', ['CNPJ', '11444777000161'], 'SP', '3550308'), ieSp()), 'det'),
    breakIt: (t) => into(t, I, withIe(place('retirada', ['CNPJ', '11444777000161'], 'SP', '3550308'), badIe()), 'det'),
  },
  'G15-10': {
    sample: standard,
    alsoPasses: (t) => into(t, I, withIe(place('entrega', ['CNPJ', '11444777000161'], 'SP', '3550308'), ieSp()), 'det'),
    breakIt: (t) => into(t, I, withIe(place('entrega', ['CNPJ', '11444777000161'], 'SP', '3550308'), badIe()), 'det'),
  },
  'ZD02-10': {
    sample: standard,
    alsoPasses: (t) => into(t, I, respTec('11444777000161')),
    breakIt: (t) => into(t, I, respTec('11444777000160')),
  },
  'N23b-10': {
    sample: standard,
    alsoPasses: (t) =>
      setIcms(
        t,
        1,
        icms10([
          ['modBCST', '4'],
          ['pMVAST', '40.0000'],
          ['pFCPST', '2.0000'],
        ]),
      ),
    breakIt: (t) =>
      setIcms(
        t,
        1,
        icms10([
          ['modBCST', '4'],
          ['pMVAST', '40.0000'],
          ['pFCPST', '0.0000'],
        ]),
      ),
  },
  'N27b-10': {
    sample: standard,
    alsoPasses: (t) =>
      setIcms(
        t,
        1,
        g('ICMS60', [
          ['orig', '0'],
          ['CST', '60'],
          ['pFCPSTRet', '2.0000'],
          ['vFCPSTRet', '1.00'],
        ]),
      ),
    breakIt: (t) =>
      setIcms(
        t,
        1,
        g('ICMS60', [
          ['orig', '0'],
          ['CST', '60'],
          ['pFCPSTRet', '0.0000'],
          ['vFCPSTRet', '0.00'],
        ]),
      ),
  },
  ...Object.fromEntries(
    (
      [
        ['W18-10', 'vServ', '1000.00'],
        ['W19-10', 'vBC', '30.00'],
        ['W20-10', 'vISS', '1.50'],
        ['W21-10', 'vPIS', '0.00'],
        ['W22-10', 'vCOFINS', '0.00'],
        ['W22b-10', 'vDeducao', '0.00'],
        ['W22c-10', 'vOutro', '0.00'],
        ['W22d-10', 'vDescIncond', '0.00'],
        ['W22e-10', 'vDescCond', '0.00'],
        ['W22f-10', 'vISSRet', '0.00'],
      ] as const
    ).map(([id, tag, sum]): [string, Case] => [
      id,
      {
        sample: standard,
        alsoPasses: (t) => issqnTotals(t, [[tag, sum]]),
        breakIt: (t) => issqnTotals(t, [[tag, (Number(sum) + 1).toFixed(2)]]),
      },
    ]),
  ),

  // NT 2025.002 v1.31 (p. 40, 43–44): regular taxation values and the credit transfer.
  'UB72-10': {
    sample: withIbs,
    alsoPasses: (t) => into(t, gIBSCBS(1), tribRegular('1.00', '0.00', '9.00')),
    breakIt: (t) => into(t, gIBSCBS(1), tribRegular('1.50', '0.00', '9.00')),
  },
  'UB72b-10': {
    sample: withIbs,
    alsoPasses: (t) => into(t, gIBSCBS(1), tribRegular('1.00', '0.00', '9.00')),
    breakIt: (t) => into(t, gIBSCBS(1), tribRegular('1.00', '0.50', '9.00')),
  },
  'UB72d-10': {
    sample: withIbs,
    alsoPasses: (t) => into(t, gIBSCBS(1), tribRegular('1.00', '0.00', '9.00')),
    breakIt: (t) => into(t, gIBSCBS(1), tribRegular('1.00', '0.00', '8.00')),
  },
  'UB106-30': {
    sample: withIbs,
    alsoPasses: (t) => {
      transfCred(t, '10.00', '0.00');
      debit(t, '05');
    },
    breakIt: (t) => transfCred(t, '10.00', '0.00'),
  },
  'UB106-31': {
    sample: withIbs,
    alsoPasses: (t) => {
      transfCred(t, '10.00', '0.00');
      debit(t, '01');
    },
    breakIt: (t) => {
      transfCred(t, '10.00', '0.00');
      debit(t, '02');
    },
  },
  'UB106-40': {
    sample: withIbs,
    alsoPasses: (t) => {
      transfCred(t, '0.00', '5.00');
      debit(t, '05');
    },
    breakIt: (t) => {
      transfCred(t, '0.00', '0.00');
      debit(t, '05');
    },
  },

  'UB69-10': {
    alsoPasses: (t) => into(t, gIBSCBS(1), tribRegular('1.00', '0.00', '9.00')),
    sample: withIbs,
    breakIt: (t) => {
      into(t, gIBSCBS(1), tribRegular('1.00', '0.00', '9.00'));
      setText(t, `${gIBSCBS(1)}/gTribRegular/CSTReg`, '999');
    },
  },
  'UB70-10': {
    alsoPasses: (t) => into(t, gIBSCBS(1), tribRegular('1.00', '0.00', '9.00')),
    sample: withIbs,
    breakIt: (t) => {
      into(t, gIBSCBS(1), tribRegular('1.00', '0.00', '9.00'));
      setText(t, `${gIBSCBS(1)}/gTribRegular/cClassTribReg`, '999999');
    },
  },

  // Group VC, NT 2025.002 v1.31 p. 48–49.
  'VC02-04': { sample: nfceWithIbs, breakIt: (t) => dfeRef(t, 1) },
  'VC02-05': {
    sample: withIbs,
    alsoPasses: (t) => dfeRef(t, 1),
    breakIt: (t) => {
      dfeRef(t, 1);
      into(t, `${I}/ide`, nfref(otherKey));
    },
  },
  'VC02-07': {
    sample: withIbs,
    alsoPasses: (t) => {
      dfeRef(t, 1);
      debit(t, '02');
    },
    breakIt: (t) => {
      dfeRef(t, 1);
      credit(t);
    },
  },
  'VC02-10': {
    sample: withIbs,
    alsoPasses: (t) => {
      debit(t, '04');
      dfeRef(t, 1);
    },
    breakIt: (t) => debit(t, '04'),
  },
  'VC02-20': {
    sample: withIbs,
    alsoPasses: (t) => {
      dfeRef(t, 1, otherKey, '1');
      dfeRef(t, 2, otherKey, '2');
    },
    breakIt: (t) => {
      dfeRef(t, 1, otherKey, '1');
      dfeRef(t, 2, otherKey, '1');
    },
  },
  'VC03-10': {
    sample: withIbs,
    alsoPasses: (t) => {
      debit(t, '03');
      dfeRef(t, 1, otherKey, null);
    },
    breakIt: (t) => {
      debit(t, '03');
      dfeRef(t, 1, otherKey, '1');
    },
  },
  'VC03-20': {
    sample: withIbs,
    alsoPasses: (t) => {
      debit(t, '04');
      dfeRef(t, 1, otherKey, '3');
    },
    breakIt: (t) => {
      debit(t, '04');
      dfeRef(t, 1, otherKey, null);
    },
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

  eachRuleCase(rules, cases, found);

  it('each rule with a requirement (Rule.requer) meets it in a positive case: its predicate runs on a valid instance', () => {
    // The NFC-e's IPI, II, PIS-ST, COFINS-ST and impostoDevol (O01-10, P01-10, R01-10, T01-10, UA01-20): the group's
    // presence on the model is the fault itself, so no valid NFC-e carries it.
    expect(positivesSkipped(cases, ['O01-10', 'P01-10', 'R01-10', 'T01-10', 'UA01-20'])).toEqual([]);
  });

  it('every case gives the same findings with and without the requirements pre-filter (the table hides nothing)', () => {
    expect(hiddenByRequirements(cases, { tabelas: tables, agora })).toEqual([]);
  });

  it('group VC (NT 2025.002) is not applied to a document without the reform fields (IBSCBS, IS, finNFe 5/6)', () => {
    const t = sampleNfe(nfce);
    dfeRef(t, 1);
    expect(found(t, 'VC02-04')).toEqual([]);
    const u = sampleNfe(standard);
    dfeRef(u, 1);
    dfeRef(u, 2);
    into(u, `${I}/ide`, nfref(otherKey));
    expect([...found(u, 'VC02-05'), ...found(u, 'VC02-20')]).toEqual([]);
  });

  it('the valid samples of these tests get no rejection from any rule of the book', () => {
    for (const s of [standard, nfce, difal, interstate, simplesConsumer, withIbs, nfceWithIbs]) {
      const r = validateNfeRules(sampleNfe(s), { tabelas: tables, agora });
      expect(r.rejeicoes).toEqual([]);
    }
  });
});
