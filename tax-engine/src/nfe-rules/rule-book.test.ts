import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { statusOf } from './rule-status.js';
import { documentRules } from './rules-document.js';
import { ibsCbsCreditRules } from './rules-ibscbs-credits.js';
import { deferralRules } from './rules-ibscbs-deferral.js';
import { ibsCbsGroupRules } from './rules-ibscbs-groups.js';
import { mocRowRules } from './rules-moc-rows.js';
import { qrCodeRules } from './rules-qrcode.js';
import { reformIdeRules } from './rules-reform-ide.js';
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

// Each rule of the book, applied to a consistent NF-e (positive: not reported) and to the same NF-e broken in the
// one way the rule's row describes (negative: reported with the rule's id and rejection code). The rule's source
// (MOC 7.0 annex I or NT 2025.002, group and version) is in each test's name, read from the rule itself.
const tables = bundledTables();
const I = 'NFe/infNFe';
const emit = { cnpj: '11222333000181', uf: 'SP', crt: '3' } as const;
const company = { cnpj: '11444777000161', uf: 'SP', contribuinte: true };
const day = '2026-10-10';
const agora = new Date('2026-10-11T12:00:00-03:00');

const standard: SampleNfe = {
  emitente: emit,
  destinatario: company,
  data: day,
  items: [
    {
      vProd: '1000.00',
      vDesc: '5.00',
      icms: { cst: '00', pICMS: '18' },
      ipi: { pIPI: '10' },
      pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
    {
      vProd: '250.00',
      icms: { cst: '10', pICMS: '18', st: { pMVAST: '40', pICMSST: '18' } },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
  ],
};
const reduced: SampleNfe = {
  ...standard,
  items: [
    {
      vProd: '1234.56',
      icms: { cst: '00', pICMS: '18' },
      ibscbs: { cst: '200', cClassTrib: '200034', pRedAliq: '60' },
    },
  ],
};
const deferred: SampleNfe = {
  ...standard,
  items: [
    {
      vProd: '999.99',
      icms: { cst: '00', pICMS: '18' },
      ibscbs: { cst: '515', cClassTrib: '515001', pRedAliq: '60', pDif: '100' },
    },
  ],
};
const simples: SampleNfe = {
  ...standard,
  emitente: { ...emit, crt: '1' },
  items: [
    { vProd: '80.00', icms: { csosn: '102' } },
    { vProd: '20.00', icms: { csosn: '500' } },
  ],
};
const difal: SampleNfe = {
  emitente: emit,
  destinatario: { cpf: '52998224725', uf: 'BA', contribuinte: false },
  data: day,
  items: [
    {
      vProd: '500.00',
      icms: { cst: '00', pICMS: '7' },
      difal: { pICMSUFDest: '20.5', pICMSInter: '7', pFCPUFDest: '0' },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
  ],
};
const nfce: SampleNfe = {
  ...standard,
  modelo: '65',
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: false },
  items: [{ vProd: '30.00', icms: { cst: '00', pICMS: '18' } }],
};
const homolog: SampleNfe = { ...standard, tpAmb: '2' };
const withVItem: SampleNfe = { ...standard, vItem: true };
const nfceIbs: SampleNfe = {
  ...nfce,
  items: [{ vProd: '30.00', icms: { cst: '00', pICMS: '18' }, ibscbs: { cst: '000', cClassTrib: '000001' } }],
};
const nfceSt: SampleNfe = { ...nfce, items: [{ vProd: '30.00', cfop: '5405', icms: { cst: '60' } }] };
const nfceSimples: SampleNfe = {
  ...nfce,
  emitente: { ...emit, crt: '1' },
  items: [
    { vProd: '30.00', icms: { csosn: '102' } },
    { vProd: '12.00', cfop: '5405', icms: { csosn: '500' } },
  ],
};

type Case = RuleCase;

const det = (n: number) => `${I}/det[${n}]`;
const ibs = (n: number, rest = '') => `${det(n)}/imposto/IBSCBS${rest}`;
const g = (n: number, sphere: string, rest = '') => ibs(n, `/gIBSCBS/${sphere}${rest}`);
const tot = (tag: string) => `${I}/total/ICMSTot/${tag}`;
const ibsTot = (p: string) => `${I}/total/IBSCBSTot/${p}`;
const bump = (t: XNode, p: string, by = 1) => setText(t, p, (Number(find(t, p).text) + by).toFixed(2));
const into = (t: XNode, p: string, node: XNode, before: string) => insert(t, p, node, before);
const dif = () => el('gDif', [el('pDif', '10.0000'), el('vDif', '0.00')]);
const red = () => el('gRed', [el('pRedAliq', '10.0000'), el('pAliqEfet', '0.0900')]);
const tribRegular = () =>
  el('gTribRegular', [
    el('CSTReg', '000'),
    el('cClassTribReg', '000001'),
    el('pAliqEfetRegIBSUF', '0.1000'),
    el('vTribRegIBSUF', '1.00'),
    el('pAliqEfetRegIBSMun', '0.0000'),
    el('vTribRegIBSMun', '0.00'),
    el('pAliqEfetRegCBS', '0.9000'),
    el('vTribRegCBS', '9.00'),
  ]);

const cases: Record<string, Case> = {
  'A03-10': { sample: standard, breakIt: (t) => setText(t, `${I}/ide/cNF`, '12345678') },
  'B23-10': {
    sample: standard,
    breakIt: (t) => setText(t, `${I}/ide/cDV`, String((Number(find(t, `${I}/ide/cDV`).text) + 1) % 10)),
  },
  'B09-20': { sample: standard, breakIt: () => {}, agora: new Date('2026-11-20T12:00:00-03:00') },
  'B10-20': {
    sample: standard,
    alsoPasses: (t) => into(t, `${I}/ide`, el('dhSaiEnt', '2026-10-10T11:00:00-03:00'), 'tpNF'),
    breakIt: (t) => into(t, `${I}/ide`, el('dhSaiEnt', '2026-11-30T10:00:00-03:00'), 'tpNF'),
  },
  'B10-30': {
    sample: standard,
    alsoPasses: (t) => into(t, `${I}/ide`, el('dhSaiEnt', '2026-10-10T11:00:00-03:00'), 'tpNF'),
    breakIt: (t) => into(t, `${I}/ide`, el('dhSaiEnt', '2026-10-10T11:00:00-03:00'), 'tpNF'),
    agora: new Date('2026-11-20T12:00:00-03:00'),
  },
  'B10-40': {
    sample: standard,
    alsoPasses: (t) => into(t, `${I}/ide`, el('dhSaiEnt', '2026-10-10T11:00:00-03:00'), 'tpNF'),
    breakIt: (t) => into(t, `${I}/ide`, el('dhSaiEnt', '2026-10-09T10:00:00-03:00'), 'tpNF'),
  },
  'B25-30': { sample: standard, breakIt: (t) => setText(t, `${I}/ide/finNFe`, '2') },
  'B25-40': {
    sample: standard,
    breakIt: (t) => {
      setText(t, `${I}/ide/finNFe`, '2');
      for (const k of ['1', '2']) into(t, `${I}/ide`, el('NFref', [el('refNFe', k.repeat(44))]), 'dhCont');
    },
  },
  'B25b-10': { sample: standard, breakIt: (t) => setText(t, `${I}/ide/indPres`, '4') },
  'C02-10': { sample: standard, breakIt: (t) => setText(t, `${I}/emit/CNPJ`, '11222333000180') },
  // SINTEGRA's SP example 110.042.490.114 with its last digit changed; an RJ recipient keeps RJ's example.
  'C17-20': {
    sample: standard,
    breakIt: (t) => setText(t, `${I}/emit/IE`, '110042490115'),
    alsoPasses: (t) => setText(t, `${I}/emit/IE`, '0110042490114'),
  },
  'E17-50': {
    sample: { ...standard, destinatario: { ...company, uf: 'RJ' } },
    breakIt: (t) => setText(t, `${I}/dest/IE`, '110042490114'),
  },
  // MOC 7.0 annex I, E12-30/E12-40 with their exceptions, I05-10 and I08-90 (rules-uf-ncm.ts).
  'E12-30': {
    sample: standard,
    breakIt: (t) => setText(t, `${I}/ide/idDest`, '2'),
    // The same CNPJ on both ends (a transfer between the company's own books) is not reported.
    alsoPasses: (t) => {
      setText(t, `${I}/ide/idDest`, '2');
      setText(t, `${I}/dest/CNPJ`, emit.cnpj);
    },
  },
  'E12-40': {
    sample: { ...standard, destinatario: { ...company, uf: 'RJ' } },
    breakIt: (t) => setText(t, `${I}/ide/idDest`, '1'),
    // Exception 2: goods delivered in the emitter's UF make it an internal operation.
    alsoPasses: (t) => {
      setText(t, `${I}/ide/idDest`, '1');
      into(t, I, el('entrega', [el('CNPJ', company.cnpj), el('UF', 'SP')]), 'det');
    },
  },
  // An entrada (tpNF=0): E12-50 and E12-60 are E12-30 and E12-40 with entrega and retirada swapped.
  'E12-50': {
    sample: standard,
    breakIt: (t) => {
      setText(t, `${I}/ide/tpNF`, '0');
      setText(t, `${I}/ide/idDest`, '2');
    },
    alsoPasses: (t) => {
      setText(t, `${I}/ide/tpNF`, '0');
      setText(t, `${I}/ide/idDest`, '2');
      into(t, I, el('entrega', [el('CNPJ', company.cnpj), el('UF', 'MG')]), 'det');
    },
  },
  'E12-60': {
    sample: { ...standard, destinatario: { ...company, uf: 'RJ' } },
    breakIt: (t) => {
      setText(t, `${I}/ide/tpNF`, '0');
      setText(t, `${I}/ide/idDest`, '1');
    },
    alsoPasses: (t) => {
      setText(t, `${I}/ide/tpNF`, '0');
      setText(t, `${I}/ide/idDest`, '1');
      into(t, I, el('retirada', [el('CNPJ', company.cnpj), el('UF', 'SP')]), 'det');
    },
  },
  'I05-10': {
    sample: standard,
    breakIt: (t) => setText(t, `${det(1)}/prod/NCM`, '22'),
    alsoPasses: (t) => setText(t, `${det(1)}/prod/NCM`, '00'),
  },
  'I08-90': {
    sample: standard,
    breakIt: (t) => setText(t, `${det(2)}/prod/CFOP`, '6102'),
    alsoPasses: (t) => {
      setText(t, `${det(2)}/prod/CFOP`, '6102');
      setText(t, `${I}/dest/CNPJ`, emit.cnpj);
    },
  },
  'C12-10': { sample: standard, breakIt: (t) => setText(t, `${I}/emit/enderEmit/UF`, 'RJ') },
  'E01-10': { sample: standard, breakIt: (t) => remove(t, `${I}/dest`) },
  'E02-10': { sample: standard, breakIt: (t) => setText(t, `${I}/dest/CNPJ`, '11444777000160') },
  'E02-20': { sample: nfce, breakIt: (t) => setText(t, `${I}/dest/CNPJ`, emit.cnpj) },
  'E03-10': { sample: difal, breakIt: (t) => setText(t, `${I}/dest/CPF`, '52998224724') },
  'E03a-30': {
    sample: standard,
    alsoPasses: (t) => {
      remove(t, `${I}/dest/CNPJ`);
      remove(t, `${I}/dest/IE`);
      setText(t, `${I}/dest/indIEDest`, '9');
      into(t, `${I}/dest`, el('idEstrangeiro', 'AB123'), 'xNome');
    },
    breakIt: (t) => into(t, `${I}/dest`, el('idEstrangeiro', 'AB123'), 'xNome'),
  },
  'E16a-20': { sample: standard, breakIt: (t) => setText(t, `${I}/ide/idDest`, '3') },
  'E17-30': { sample: standard, breakIt: (t) => setText(t, `${I}/dest/indIEDest`, '2') },
  'E17-40': { sample: standard, breakIt: (t) => setText(t, `${I}/dest/enderDest/UF`, 'EX') },
  'I05-20': { sample: standard, breakIt: (t) => setText(t, `${det(1)}/prod/NCM`, '99999999') },
  'I08-10': { sample: standard, breakIt: (t) => setText(t, `${det(2)}/prod/CFOP`, '1102') },
  'I08-20': { sample: standard, breakIt: (t) => setText(t, `${I}/ide/tpNF`, '0') },
  'I17-10': { sample: standard, breakIt: (t) => setText(t, `${det(1)}/prod/vDesc`, '1000.01') },
  'I13-20': {
    sample: standard,
    breakIt: (t) => into(t, `${det(1)}/prod`, el('comb', [el('cProdANP', '210203001')]), 'zzz'),
    alsoPasses: (t) => {
      into(t, `${det(1)}/prod`, el('comb', [el('cProdANP', '210203001')]), 'zzz');
      setText(t, `${det(1)}/prod/uTrib`, 'KG');
    },
  },
  'N12-20': {
    sample: simples,
    breakIt: (t) => (find(t, `${det(1)}/imposto/ICMS`).children = [el('ICMS40', [el('orig', '0'), el('CST', '40')])]),
  },
  'N12a-10': { sample: simples, breakIt: (t) => setText(t, `${I}/emit/CRT`, '3') },
  'N17-20': { sample: standard, breakIt: (t) => bump(t, `${det(1)}/imposto/ICMS/ICMS00/vICMS`, 0.02) },
  'UB12-10': { sample: homolog, breakIt: (t) => remove(t, ibs(2)) },
  'UB13-10': { sample: standard, breakIt: (t) => setText(t, ibs(1, '/CST'), '999') },
  'UB13-20': { sample: standard, breakIt: (t) => setText(t, ibs(1, '/CST'), '410') },
  'UB13-30': { sample: standard, breakIt: (t) => remove(t, ibs(1, '/gIBSCBS')) },
  'UB14-10': { sample: standard, breakIt: (t) => setText(t, ibs(1, '/cClassTrib'), '999999') },
  'UB14-20': { sample: standard, breakIt: (t) => setText(t, ibs(1, '/cClassTrib'), '200034') },
  'UB68-10': {
    sample: standard,
    breakIt: (t) => {
      setText(t, ibs(1, '/CST'), '550');
      setText(t, ibs(1, '/cClassTrib'), '550001');
    },
  },
  'UB68-11': {
    sample: standard,
    breakIt: (t) => into(t, ibs(1, '/gIBSCBS'), tribRegular(), 'zzz'),
    alsoPasses: (t) => {
      setText(t, ibs(1, '/CST'), '550');
      setText(t, ibs(1, '/cClassTrib'), '550001');
      into(t, ibs(1, '/gIBSCBS'), tribRegular(), 'zzz');
    },
  },
  // 515001 is accepted in NF-e and NFS-e only (calculator data, TPDF_SIGLA): refused in an NFC-e, not in an NF-e.
  'UB14-25': {
    sample: nfceIbs,
    breakIt: (t) => {
      setText(t, ibs(1, '/CST'), '515');
      setText(t, ibs(1, '/cClassTrib'), '515001');
    },
    alsoPasses: (t) => {
      setText(t, `${I}/ide/mod`, '55');
      setText(t, ibs(1, '/CST'), '515');
      setText(t, ibs(1, '/cClassTrib'), '515001');
    },
  },
  'UB22-10': { sample: standard, breakIt: (t) => into(t, g(1, 'gIBSUF'), dif(), 'vIBSUF') },
  'UB22-20': { sample: deferred, breakIt: (t) => remove(t, g(1, 'gIBSUF', '/gDif')) },
  'UB26-10': { sample: standard, breakIt: (t) => into(t, g(1, 'gIBSUF'), red(), 'vIBSUF') },
  'UB26-20': { sample: reduced, breakIt: (t) => remove(t, g(1, 'gIBSUF', '/gRed')) },
  'UB40-10': { sample: deferred, breakIt: (t) => remove(t, g(1, 'gIBSMun', '/gDif')) },
  'UB40-20': { sample: standard, breakIt: (t) => into(t, g(1, 'gIBSMun'), dif(), 'vIBSMun') },
  'UB45-10': { sample: standard, breakIt: (t) => into(t, g(1, 'gIBSMun'), red(), 'vIBSMun') },
  'UB45-20': { sample: reduced, breakIt: (t) => remove(t, g(1, 'gIBSMun', '/gRed')) },
  'UB59-10': { sample: deferred, breakIt: (t) => remove(t, g(1, 'gCBS', '/gDif')) },
  'UB59-20': { sample: standard, breakIt: (t) => into(t, g(1, 'gCBS'), dif(), 'vCBS') },
  'UB64-10': { sample: standard, breakIt: (t) => into(t, g(1, 'gCBS'), red(), 'vCBS') },
  'UB64-20': { sample: reduced, breakIt: (t) => remove(t, g(1, 'gCBS', '/gRed')) },
  'UB18-10': { sample: standard, breakIt: (t) => setText(t, g(1, 'gIBSUF', '/pIBSUF'), '0.2000') },
  'UB37-10': { sample: standard, breakIt: (t) => setText(t, g(1, 'gIBSMun', '/pIBSMun'), '0.1000') },
  'UB56-10': { sample: standard, breakIt: (t) => setText(t, g(1, 'gCBS', '/pCBS'), '1.0000') },
  'UB28-10': { sample: reduced, breakIt: (t) => setText(t, g(1, 'gIBSUF', '/gRed/pAliqEfet'), '0.0500') },
  'UB47-10': { sample: reduced, breakIt: (t) => setText(t, g(1, 'gIBSMun', '/gRed/pAliqEfet'), '0.0100') },
  'UB66-10': { sample: reduced, breakIt: (t) => setText(t, g(1, 'gCBS', '/gRed/pAliqEfet'), '0.5000') },
  'UB35-10': { sample: reduced, breakIt: (t) => bump(t, g(1, 'gIBSUF', '/vIBSUF'), 0.02) },
  'UB54-10': { sample: standard, breakIt: (t) => setText(t, g(1, 'gIBSMun', '/vIBSMun'), '1.00') },
  'UB67-10': { sample: deferred, breakIt: (t) => setText(t, g(1, 'gCBS', '/vCBS'), '3.60') },
  'UB54a-10': { sample: standard, breakIt: (t) => bump(t, ibs(1, '/gIBSCBS/vIBS'), 0.05) },
  'W03-10': { sample: standard, breakIt: (t) => bump(t, tot('vBC')) },
  'W04-10': { sample: standard, breakIt: (t) => bump(t, tot('vICMS')) },
  'W04a-10': { sample: standard, breakIt: (t) => bump(t, tot('vICMSDeson')) },
  'W04c-10': { sample: difal, breakIt: (t) => bump(t, tot('vFCPUFDest')) },
  'W04e-10': { sample: difal, breakIt: (t) => bump(t, tot('vICMSUFDest')) },
  'W04g-10': { sample: difal, breakIt: (t) => bump(t, tot('vICMSUFRemet')) },
  'W05-10': { sample: standard, breakIt: (t) => bump(t, tot('vBCST')) },
  'W06-10': { sample: standard, breakIt: (t) => bump(t, tot('vST')) },
  'W07-10': {
    sample: standard,
    breakIt: (t) => bump(t, tot('vProd'), 0.02),
    // A service item (ISSQN) counts in ISSQNtot/vServ, not in vProd.
    alsoPasses: (t) => {
      into(t, `${det(2)}/imposto`, el('ISSQN', [el('vBC', '250.00')]), 'PIS');
      bump(t, tot('vProd'), -250);
    },
  },
  'W08-10': { sample: standard, breakIt: (t) => bump(t, tot('vFrete')) },
  'W09-10': { sample: standard, breakIt: (t) => bump(t, tot('vSeg')) },
  'W10-10': { sample: standard, breakIt: (t) => bump(t, tot('vDesc'), -0.02) },
  'W11-10': { sample: standard, breakIt: (t) => bump(t, tot('vII')) },
  'W12-10': { sample: standard, breakIt: (t) => bump(t, tot('vIPI'), 0.02) },
  'W13-10': { sample: standard, breakIt: (t) => bump(t, tot('vPIS'), -0.02) },
  'W14-10': { sample: standard, breakIt: (t) => bump(t, tot('vCOFINS')) },
  'W15-10': { sample: standard, breakIt: (t) => bump(t, tot('vOutro')) },
  // MOC note (*3): R$ 0,50 for more or less (NT 2012/003): 0.50 above its parts is accepted, 0.51 is not.
  'W16-10': {
    sample: standard,
    alsoPasses: (t) => bump(t, tot('vNF'), 0.5),
    breakIt: (t) => bump(t, tot('vNF'), 0.51),
  },
  'W34-10': {
    sample: standard,
    breakIt: (t) => {
      remove(t, ibs(1));
      remove(t, ibs(2));
    },
  },
  'W34-20': { sample: standard, breakIt: (t) => remove(t, `${I}/total/IBSCBSTot`) },
  'W33-10': {
    sample: standard,
    alsoPasses: (t) => {
      into(
        t,
        `${det(1)}/imposto`,
        el('IS', [el('CSTIS', '000'), el('cClassTribIS', '000001'), el('vIS', '1.00')]),
        'zzz',
      );
      into(t, `${I}/total`, el('ISTot', [el('vIS', '1.00')]), 'IBSCBSTot');
    },
    breakIt: (t) => into(t, `${I}/total`, el('ISTot', [el('vIS', '1.00')]), 'IBSCBSTot'),
  },
  'W35-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('vBCIBSCBS')) },
  'W38-10': { sample: deferred, breakIt: (t) => bump(t, ibsTot('gIBS/gIBSUF/vDif')) },
  'W39-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gIBS/gIBSUF/vDevTrib')) },
  'W41-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gIBS/gIBSUF/vIBSUF')) },
  'W43-10': { sample: deferred, breakIt: (t) => bump(t, ibsTot('gIBS/gIBSMun/vDif')) },
  'W44-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gIBS/gIBSMun/vDevTrib')) },
  'W46-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gIBS/gIBSMun/vIBSMun')) },
  'W47-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gIBS/vIBS')) },
  'W53-10': { sample: deferred, breakIt: (t) => bump(t, ibsTot('gCBS/vDif')) },
  'W54-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gCBS/vDevTrib')) },
  'W56-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gCBS/vCBS')) },
  // NT 2025.002 v1.31 p. 49–50: the credit, monophasic and reversal totals are the items' sums (no item has them here).
  'W48-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gIBS/vCredPres')) },
  'W56a-10': { sample: standard, breakIt: (t) => bump(t, ibsTot('gCBS/vCredPres')) },
  ...Object.fromEntries(
    (
      [
        ['W58-10', 'gMono', 'vIBSMono'],
        ['W59-10', 'gMono', 'vCBSMono'],
        ['W59a-10', 'gMono', 'vIBSMonoReten'],
        ['W59b-10', 'gMono', 'vCBSMonoReten'],
        ['W59c-10', 'gMono', 'vIBSMonoRet'],
        ['W59d-10', 'gMono', 'vCBSMonoRet'],
        ['W59f-10', 'gEstornoCred', 'vIBSEstCred'],
        ['W59g-10', 'gEstornoCred', 'vCBSEstCred'],
      ] as const
    ).map(([id, group, tag]): [string, Case] => {
      const tags =
        group === 'gMono'
          ? ['vIBSMono', 'vCBSMono', 'vIBSMonoReten', 'vCBSMonoReten', 'vIBSMonoRet', 'vCBSMonoRet']
          : ['vIBSEstCred', 'vCBSEstCred'];
      const totals = (value: string) => (t: XNode) =>
        into(
          t,
          `${I}/total/IBSCBSTot`,
          el(
            group,
            tags.map((x) => el(x, x === tag ? value : '0.00')),
          ),
          'zzz',
        );
      return [id, { sample: standard, alsoPasses: totals('0.00'), breakIt: totals('1.00') }];
    }),
  ),
  'W31-10': {
    sample: standard,
    alsoPasses: (t) => {
      into(
        t,
        `${det(1)}/imposto`,
        el('IS', [el('CSTIS', '000'), el('cClassTribIS', '000001'), el('vIS', '1.00')]),
        'zzz',
      );
      into(t, `${I}/total`, el('ISTot', [el('vIS', '1.00')]), 'IBSCBSTot');
    },
    breakIt: (t) => into(t, `${I}/total`, el('ISTot', [el('vIS', '0.00')]), 'IBSCBSTot'),
  },
  'W31-20': {
    sample: standard,
    alsoPasses: (t) => {
      into(
        t,
        `${det(1)}/imposto`,
        el('IS', [el('CSTIS', '000'), el('cClassTribIS', '000001'), el('vIS', '1.00')]),
        'zzz',
      );
      into(t, `${I}/total`, el('ISTot', [el('vIS', '1.00')]), 'IBSCBSTot');
    },
    breakIt: (t) =>
      into(
        t,
        `${det(1)}/imposto`,
        el('IS', [el('CSTIS', '000'), el('cClassTribIS', '000001'), el('vIS', '0.00')]),
        'zzz',
      ),
  },
  // NFC-e situations by operation (rules-nfce.ts; more cases in rules-nfce.test.ts).
  'N12-30': { sample: nfce, breakIt: (t) => setText(t, `${det(1)}/imposto/ICMS/ICMS00/CST`, '51') },
  'N12-40': { sample: nfce, breakIt: (t) => setText(t, `${det(1)}/prod/CFOP`, '5405') },
  'N12-44': { sample: nfceSt, breakIt: (t) => setText(t, `${det(1)}/prod/CFOP`, '5102') },
  'N12a-20': { sample: nfceSimples, breakIt: (t) => setText(t, `${det(1)}/imposto/ICMS/ICMSSN102/CSOSN`, '101') },
  'N12a-40': { sample: nfceSimples, breakIt: (t) => setText(t, `${det(1)}/prod/CFOP`, '5405') },
  'N12a-44': { sample: nfceSimples, breakIt: (t) => setText(t, `${det(2)}/prod/CFOP`, '5102') },
  // NT 2026.008 v1.00 p. 8–9: vItem's parts; IBS and CBS are never added to them (from 2027 they are in vProd).
  'VB01-10': {
    sample: withVItem,
    breakIt: (t) => bump(t, `${det(1)}/vItem`, Number(find(t, g(1, 'gCBS/vCBS')).text)),
  },
  // Faturamento direto (tpOp=2): the ICMS-ST is not a part of vItem.
  'VB01-20': {
    sample: withVItem,
    alsoPasses: (t) => {
      into(t, `${det(2)}/prod`, el('veicProd', [el('tpOp', '2')]), 'zzz');
      setText(t, `${det(2)}/vItem`, '250.00');
    },
    breakIt: (t) => into(t, `${det(2)}/prod`, el('veicProd', [el('tpOp', '2')]), 'zzz'),
  },
  // MOC 7.0 annex I, with the Portal's CFOP table (reference-data/cfop-indicadores.tsv, IT 2023.002).
  'I08-04': {
    sample: standard,
    alsoPasses: (t) => setText(t, `${det(1)}/prod/CFOP`, '5915'),
    // 5.301 (a communication service) exists but indNFe=0: not on an NF-e.
    breakIt: (t) => setText(t, `${det(1)}/prod/CFOP`, '5301'),
  },
  'I08-140': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, `${I}/ide/finNFe`, '4');
      setText(t, `${det(1)}/prod/CFOP`, '5202');
      setText(t, `${det(2)}/prod/CFOP`, '5411');
    },
    breakIt: (t) => {
      setText(t, `${I}/ide/finNFe`, '4');
      setText(t, `${det(1)}/prod/CFOP`, '5202');
      setText(t, `${det(2)}/prod/CFOP`, '5405');
    },
  },
  'I08-144': { sample: standard, breakIt: (t) => setText(t, `${det(1)}/prod/CFOP`, '5202') },
  'LA01-20': { sample: standard, breakIt: (t) => setText(t, `${det(1)}/prod/CFOP`, '5656') },
  // To a non-taxpayer: CST 50 is accepted only with a retorno/remessa CFOP (6.915 has indRemes=1), exceção 2.
  'N12-70': {
    sample: difal,
    alsoPasses: (t) => {
      setText(t, `${det(1)}/imposto/ICMS/ICMS00/CST`, '50');
      setText(t, `${det(1)}/prod/CFOP`, '6915');
    },
    breakIt: (t) => setText(t, `${det(1)}/imposto/ICMS/ICMS00/CST`, '50'),
  },
  'W60-05': { sample: standard, breakIt: (t) => remove(t, `${I}/total/vNFTot`) },
  // Group YA (MOC 7.0 annex I, NT 2016.002): the payment against vNF, both figures named.
  'YA03-10': {
    sample: standard,
    alsoPasses: (t) => setText(t, `${I}/pag/detPag/tPag`, '90'),
    breakIt: (t) => bump(t, `${I}/pag/detPag/vPag`, -0.02),
  },
  'YA03-20': {
    sample: standard,
    alsoPasses: (t) => {
      bump(t, `${I}/pag/detPag/vPag`, 10);
      into(t, `${I}/pag`, el('vTroco', '10.00'), 'zzz');
    },
    breakIt: (t) => bump(t, `${I}/pag/detPag/vPag`, 10),
  },
  'YA09-10': {
    sample: standard,
    alsoPasses: (t) => {
      bump(t, `${I}/pag/detPag/vPag`, 10);
      into(t, `${I}/pag`, el('vTroco', '10.00'), 'zzz');
    },
    breakIt: (t) => {
      bump(t, `${I}/pag/detPag/vPag`, 10);
      into(t, `${I}/pag`, el('vTroco', '9.99'), 'zzz');
    },
  },
  // vNFTot = Σ vItem: IBS and CBS added to it once more are rejected.
  'W60-10': {
    sample: withVItem,
    breakIt: (t) =>
      bump(
        t,
        `${I}/total/vNFTot`,
        Number(find(t, ibsTot('gIBS/vIBS')).text) + Number(find(t, ibsTot('gCBS/vCBS')).text),
      ),
  },
};

const run = (tree: XNode, agoraAt = agora) => validateNfeRules(tree, { tabelas: tables, agora: agoraAt });
const found = (tree: XNode, id: string, agoraAt?: Date) => {
  const r = run(tree, agoraAt);
  return [...r.rejeicoes, ...r.alertas].filter((f) => f.regra === id);
};

describe('the NF-e rule book: each rule, a positive and a negative case', () => {
  it('every rule of the book has its case here (those of decision 072 in rules-document.test.ts)', () => {
    const elsewhere = new Set(
      [
        ...documentRules,
        ...mocRowRules,
        ...reformIdeRules,
        ...deferralRules,
        ...ibsCbsCreditRules,
        ...ibsCbsGroupRules,
        ...qrCodeRules,
      ].map((r) => r.id),
    );
    expect(RULE_BOOK.map((r) => r.id).filter((id) => !cases[id] && !elsewhere.has(id))).toEqual([]);
    expect(new Set(RULE_BOOK.map((r) => r.id)).size).toBe(RULE_BOOK.length);
  });

  eachRuleCase(RULE_BOOK, cases, found, {
    title: (rule) =>
      `${rule.id} (${rule.codigo}, ${rule.fonte.documento} v${rule.fonte.versao}, ${rule.fonte.secao}): a consistent NF-e passes; ${rule.descricao}`,
  });
});

describe('the requirements table (Rule.requer) against these cases', () => {
  it('each rule with a requirement meets it in a positive case: its predicate runs on a valid instance', () => {
    expect(positivesSkipped(cases)).toEqual([]);
  });

  it('every case gives the same findings with and without the requirements pre-filter (the table hides nothing)', () => {
    expect(hiddenByRequirements(cases, { tabelas: tables, agora })).toEqual([]);
  });
});

describe('valid documents of varied shapes get no rejection (MOC 7.0 + NT 2025.002 in force on 10/10/2026)', () => {
  it.each([
    ['intra-state sale with IPI, PIS/COFINS, ST and IBS/CBS', standard],
    // SP → RJ at the interstate 12 % (MOC 7.0 annex I, N16-20: at most 12 % between these states).
    [
      'interstate sale',
      {
        ...standard,
        destinatario: { ...company, uf: 'RJ' },
        items: standard.items.map((i) => ({ ...i, icms: { ...i.icms, pICMS: '12' } })),
      },
    ],
    ['DIFAL to a consumer in another state', difal],
    ['Simples Nacional (CSOSN 102 and 500)', simples],
    ['IBS/CBS with a 60% rate reduction (cClassTrib 200034)', reduced],
    ['IBS/CBS deferred with reduction (CST 515, cClassTrib 515001)', deferred],
    ['NFC-e', nfce],
    ['homologation after UB12-10 is in force, every item with IBSCBS', homolog],
    ['vItem in every item and vNFTot = Σ vItem = vNF in 2026 (VB01-10, W60-10)', withVItem],
    [
      'an invoice of 2025 without IBS/CBS',
      { ...standard, data: '2025-05-10', items: standard.items.map(({ ibscbs: _, ...i }) => i) },
    ],
  ])('%s', (_, s) => {
    const r = validateNfeRules(sampleNfe(s as SampleNfe), {
      tabelas: tables,
      agora: new Date(`${(s as SampleNfe).data}T12:00:00-03:00`),
    });
    expect(r.rejeicoes).toEqual([]);
    expect(r.alertas).toEqual([]);
  });
});

// vItem and vNFTot by year (NT 2026.008 v1.00, VB01-10; NT 2025.002 W60-10): rules-item-total.test.ts.

describe('the payment against vNF (MOC 7.0 annex I, YA03-10 and YA09-10)', () => {
  it('names both figures: what vNF asks and what the payments sum', () => {
    const t = sampleNfe(standard);
    const vNF = find(t, tot('vNF')).text;
    setText(t, `${I}/pag/detPag/vPag`, '100.00');
    expect(found(t, 'YA03-10')).toEqual([
      expect.objectContaining({
        codigo: '865',
        campo: `${I}/pag/detPag/vPag`,
        esperado: `vNF ${vNF}`,
        encontrado: 'Σ vPag 100.00',
        facultativa: true,
      }),
    ]);
    setText(t, `${I}/pag/detPag/vPag`, (Number(vNF) + 20).toFixed(2));
    into(t, `${I}/pag`, el('vTroco', '5.00'), 'zzz');
    expect(found(t, 'YA09-10')[0]).toMatchObject({ esperado: expect.stringContaining('= 20.00'), encontrado: '5.00' });
  });

  it('YA09-10: "sem pagamento" (tPag 90, vPag 0.00) with vTroco 0.00 is not a wrong troco; with a troco it is', () => {
    // Shape of an entry NF-e authorised by SEFAZ/SC in 2021 (bench/rule-book-real-nfe.ts, corpus of public fixtures).
    const t = sampleNfe(standard);
    setText(t, `${I}/pag/detPag/tPag`, '90');
    setText(t, `${I}/pag/detPag/vPag`, '0.00');
    into(t, `${I}/pag`, el('vTroco', '0.00'), 'zzz');
    expect(found(t, 'YA09-10')).toEqual([]);
    setText(t, `${I}/pag/vTroco`, '5.00');
    expect(found(t, 'YA09-10')).toHaveLength(1);
  });

  it('a return (finNFe 4) is not held to the payment (exceção 1)', () => {
    const t = sampleNfe(standard);
    setText(t, `${I}/pag/detPag/vPag`, '0.00');
    setText(t, `${I}/ide/finNFe`, '4');
    expect(found(t, 'YA03-10')).toEqual([]);
  });
});

describe('the CFOP table rules (MOC 7.0 annex I, I08-04 and N12-70)', () => {
  it('I08-04 names a CFOP that does not exist and one the table keeps off the NF-e', () => {
    const t = sampleNfe(standard);
    setText(t, `${det(1)}/prod/CFOP`, '5999');
    setText(t, `${det(2)}/prod/CFOP`, '6351');
    expect(found(t, 'I08-04').map((f) => [f.nItem, f.encontrado])).toEqual([
      [1, '5999'],
      [2, '6351 (indNFe=0)'],
    ]);
  });

  it('N12-70: CST 90 to a consumer is rejected; an entrada, new vehicles and a devolução with CST 51 are not', () => {
    const t = sampleNfe(difal);
    setText(t, `${det(1)}/imposto/ICMS/ICMS00/CST`, '90');
    expect(found(t, 'N12-70')[0]).toMatchObject({ codigo: '508', encontrado: '90 (CFOP 6102)' });
    setText(t, `${I}/ide/tpNF`, '0');
    expect(found(t, 'N12-70')).toEqual([]);
    const v = sampleNfe(difal);
    setText(v, `${det(1)}/imposto/ICMS/ICMS00/CST`, '90');
    into(v, `${det(1)}/prod`, el('veicProd', [el('tpOp', '1')]), 'zzz');
    expect(found(v, 'N12-70')).toEqual([]);
    const d = sampleNfe(difal);
    setText(d, `${det(1)}/imposto/ICMS/ICMS00/CST`, '51');
    setText(d, `${I}/ide/finNFe`, '4');
    expect(found(d, 'N12-70')).toEqual([]);
  });

  it('without the CFOP table, I08-04 is not applied and N12-70 does not judge a CST 50', () => {
    const { cfop: _, ...noCfop } = tables;
    const t = sampleNfe(difal);
    setText(t, `${det(1)}/prod/CFOP`, '6102');
    setText(t, `${det(1)}/imposto/ICMS/ICMS00/CST`, '50');
    const r = validateNfeRules(t, { tabelas: noCfop, agora });
    expect(r.rejeicoes.filter((f) => ['I08-04', 'N12-70'].includes(f.regra))).toEqual([]);
  });
});

describe('W16-10: vNF with the PIS-ST and COFINS-ST that compose it', () => {
  // NT 2020.005 (indSomaPISST/indSomaCOFINSST) and W16-10 as NT 2023.004 v1.20 writes it: the items' PIS-ST and
  // COFINS-ST with indSoma 1 enter vNF. ICMSTot has no total of them: the rule reads the items.
  const withSt = (indSoma: string) => {
    const t = sampleNfe(standard);
    into(
      t,
      `${det(1)}/imposto`,
      el('PISST', [el('vBC', '100.00'), el('pPIS', '1.6500'), el('vPIS', '1.65'), el('indSomaPISST', indSoma)]),
      'COFINS',
    );
    into(
      t,
      `${det(1)}/imposto`,
      el('COFINSST', [
        el('vBC', '100.00'),
        el('pCOFINS', '7.6000'),
        el('vCOFINS', '7.60'),
        el('indSomaCOFINSST', indSoma),
      ]),
      'zzz',
    );
    bump(t, tot('vNF'), 9.25);
    return t;
  };
  const w16 = (t: XNode) => run(t).rejeicoes.filter((f) => f.regra === 'W16-10');

  it('a vNF that adds them when indSoma is 1 is accepted', () => {
    expect(w16(withSt('1'))).toEqual([]);
  });

  it('the same vNF with indSoma 0 is 9.25 above its parts: rejection 610', () => {
    expect(w16(withSt('0'))).toMatchObject([{ codigo: '610', encontrado: expect.any(String) }]);
  });
});

describe('how the book is applied', () => {
  it('reports every rejection, not only the first, each with its field and item', () => {
    const t = sampleNfe(standard);
    bump(t, tot('vICMS'));
    bump(t, tot('vNF'), 5);
    setText(t, `${det(2)}/prod/NCM`, '99999999');
    const r = run(t);
    // A vNF 5.00 above its parts is also 5.00 above what was paid (YA03-10).
    expect(r.rejeicoes.map((f) => f.regra).sort()).toEqual(['I05-20', 'W04-10', 'W16-10', 'YA03-10']);
    const ncm = r.rejeicoes.find((f) => f.regra === 'I05-20')!;
    expect(ncm).toMatchObject({
      nItem: 2,
      campo: 'NFe/infNFe/det[nItem=2]/prod/NCM',
      encontrado: '99999999',
      mensagem: 'Rejeição: Informado NCM inexistente [nItem: 2]',
    });
  });

  it('UB12-10 is in force in homologation from 01/07/2026 for CRT 3, not in production (NT 2025.002 v1.51)', () => {
    const prod = sampleNfe(standard);
    remove(prod, ibs(2));
    remove(prod, `${I}/total/IBSCBSTot`);
    remove(prod, `${I}/total/vNFTot`);
    expect(found(prod, 'UB12-10')).toEqual([]);
    const h = sampleNfe({ ...homolog, data: '2026-06-30' });
    remove(h, ibs(2));
    expect(found(h, 'UB12-10')).toEqual([]);
    const simplesHomolog = sampleNfe({ ...simples, tpAmb: '2' });
    expect(found(simplesHomolog, 'UB12-10')).toEqual([]);
  });

  it('a facultative rule is applied and marked; a reception rule is an alert, never a rejection', () => {
    const t = sampleNfe(standard);
    bump(t, tot('vBC'));
    const r = run(t, new Date('2027-01-01T00:00:00-03:00'));
    expect(r.rejeicoes.find((f) => f.regra === 'W03-10')?.facultativa).toBe(true);
    expect(r.alertas.map((f) => f.regra)).toEqual(['B09-20']);
    expect(r.rejeicoes.some((f) => f.regra === 'B09-20')).toBe(false);
  });

  it('rules needing official tables are listed as not applied when no tables are given', () => {
    const r = validateNfeRules(sampleNfe(standard), { agora });
    expect(r.naoAplicadas.map((n) => n.regra)).toContain('I05-20');
    expect(r.rejeicoes).toEqual([]);
  });

  it('?data chooses the rule set: before NT 2025.002 only the MOC applies', () => {
    const t = sampleNfe(standard);
    bump(t, ibsTot('gCBS/vCBS'));
    expect(validateNfeRules(t, { data: '2025-03-01', tabelas: tables, agora }).regras.versao).toBe('MOC 7.0 Anexo I');
    expect(
      validateNfeRules(t, { data: '2025-03-01', tabelas: tables, agora }).rejeicoes.some((f) => f.regra === 'W56-10'),
    ).toBe(false);
    expect(run(t).rejeicoes.some((f) => f.regra === 'W56-10')).toBe(true);
  });

  it('the offline limits are listed with a reason (duplicity, registry, signature)', () => {
    for (const [id, grupo] of [
      ['2B08-20', 'B'],
      ['1C17-10', 'C'],
      ['F03', 'Mensagem'],
    ] as const)
      expect(statusOf(id, grupo)).toMatchObject({ status: 'offline', motivo: expect.stringMatching(/.{20}/) });
    expect(statusOf('UB16-10', 'UB')?.status).toBe('pendente');
  });

  it('refuses a tree that is not an NF-e', () => {
    expect(() => validateNfeRules(el('cteProc', []))).toThrow(/não é uma NF-e/);
  });
});
