import { TaxDecimal } from '../decimal.js';
import { icmsUfTable } from '../interstate-rate.js';
import { taxesCarried } from '../nfe-complete/taxes-in-prod.js';
import { accessKeyDigit } from './check-digits.js';
import { ieExample } from './ie-examples.js';
import { el, opt } from './sample-xml.js';
import type { XNode } from './xml-node.js';

/**
 * A consistent NF-e/NFC-e 4.00 (layout of MOC 7.0 annex I and NT 2025.002) built from a few facts, with every value
 * and total computed as the rules expect: for examples, tests and benchmarks. Unsigned (signing is the ERP's).
 */
export interface SampleItem {
  vProd: string;
  ncm?: string;
  cfop?: string;
  vDesc?: string;
  /** ICMS: CST (regime normal) or CSOSN (Simples Nacional). */
  icms: { cst?: string; csosn?: string; pICMS?: string; pRedBC?: string; st?: { pMVAST: string; pICMSST: string } };
  ipi?: { pIPI: string };
  /** PIS/COFINS rates (CST 01); absent: CST 07 (isenta). */
  pisCofins?: { pPIS: string; pCOFINS: string };
  difal?: { pICMSUFDest: string; pICMSInter: string; pFCPUFDest: string };
  ibscbs?: {
    cst: string;
    cClassTrib: string;
    pRedAliq?: string;
    pDif?: string;
    rates?: { uf: string; mun: string; cbs: string };
  };
}

export interface SampleNfe {
  modelo?: '55' | '65';
  emitente: { cnpj: string; uf: string; crt: '1' | '2' | '3' };
  destinatario?: { cnpj?: string; cpf?: string; uf: string; contribuinte: boolean };
  numero?: number;
  /** AAAA-MM-DD. */
  data: string;
  tpAmb?: '1' | '2';
  /** Writes each det's vItem (PL_010), composed as NT 2025.002 VB01-10 says for the document's year. */
  vItem?: boolean;
  items: SampleItem[];
}

const d = (v: string | number) => new TaxDecimal(v);
const m2 = (v: TaxDecimal) => v.toDecimalPlaces(2).toFixed(2);
const r4 = (v: string) => d(v).toFixed(4);
const pct = (base: TaxDecimal, rate: string | undefined) =>
  rate ? base.times(rate).div(100).toDecimalPlaces(2) : d(0);
const capital: Record<string, string> = {
  SP: '3550308',
  RJ: '3304557',
  BA: '2927408',
  MG: '3106200',
  PR: '4106902',
  RS: '4314902',
  SC: '4205407',
};

interface Sums {
  [tag: string]: TaxDecimal;
}
const add = (s: Sums, tag: string, v: TaxDecimal) => {
  s[tag] = (s[tag] ?? d(0)).plus(v);
};

function icmsGroup(it: SampleItem, vBC: TaxDecimal, s: Sums): XNode {
  const c = it.icms;
  if (c.csosn) {
    const group = ['102', '103', '300', '400'].includes(c.csosn) ? '102' : c.csosn === '203' ? '202' : c.csosn;
    const credit = c.csosn === '101' ? [el('pCredSN', '1.2500'), el('vCredICMSSN', m2(pct(vBC, '1.25')))] : [];
    return el('ICMS', [el(`ICMSSN${group}`, [el('orig', '0'), el('CSOSN', c.csosn), ...credit])]);
  }
  const cst = c.cst ?? '00';
  const base = c.pRedBC ? vBC.times(d(100).minus(c.pRedBC)).div(100).toDecimalPlaces(2) : vBC;
  const vICMS = pct(base, c.pICMS);
  const own = c.pICMS
    ? [
        el('modBC', '3'),
        ...(c.pRedBC ? [el('pRedBC', r4(c.pRedBC))] : []),
        el('vBC', m2(base)),
        el('pICMS', r4(c.pICMS)),
        el('vICMS', m2(vICMS)),
      ]
    : [];
  if (c.pICMS) {
    add(s, 'vBC', base);
    add(s, 'vICMS', vICMS);
  }
  let st: XNode[] = [];
  if (c.st) {
    const vBCST = vBC.times(d(100).plus(c.st.pMVAST)).div(100).toDecimalPlaces(2);
    const vST = pct(vBCST, c.st.pICMSST).minus(vICMS);
    add(s, 'vBCST', vBCST);
    add(s, 'vST', vST);
    st = [
      el('modBCST', '4'),
      el('pMVAST', r4(c.st.pMVAST)),
      el('vBCST', m2(vBCST)),
      el('pICMSST', r4(c.st.pICMSST)),
      el('vICMSST', m2(vST)),
    ];
  }
  const body = cst === '40' || cst === '41' || cst === '50' ? [] : cst === '20' ? own : [...own, ...st];
  return el('ICMS', [
    el(`ICMS${cst === '41' || cst === '50' ? '40' : cst}`, [el('orig', '0'), el('CST', cst), ...body]),
  ]);
}

function ibsCbsGroup(it: SampleItem, vBC: TaxDecimal, s: Sums, year: number): XNode | undefined {
  const g = it.ibscbs;
  if (!g) return undefined;
  const rates =
    g.rates ?? (year <= 2026 ? { uf: '0.1', mun: '0', cbs: '0.9' } : { uf: '0.05', mun: '0.05', cbs: '8.7' });
  const sphere = (name: string, rateTag: string, valueTag: string, rate: string, total: string) => {
    const eff = g.pRedAliq ? d(rate).times(d(100).minus(g.pRedAliq)).div(100).toDecimalPlaces(4) : d(rate);
    const gross = vBC.times(eff).div(100).toDecimalPlaces(2);
    const vDif = g.pDif ? gross.times(g.pDif).div(100).toDecimalPlaces(2) : d(0);
    const value = gross.minus(vDif);
    add(s, total, value);
    if (g.pDif) add(s, `${total}Dif`, vDif);
    return {
      value,
      node: el(name, [
        el(rateTag, r4(rate)),
        g.pDif ? el('gDif', [el('pDif', r4(g.pDif)), el('vDif', m2(vDif))]) : undefined,
        g.pRedAliq ? el('gRed', [el('pRedAliq', r4(g.pRedAliq)), el('pAliqEfet', eff.toFixed(4))]) : undefined,
        el(valueTag, m2(value)),
      ]),
    };
  };
  const uf = sphere('gIBSUF', 'pIBSUF', 'vIBSUF', rates.uf, 'vIBSUF');
  const mun = sphere('gIBSMun', 'pIBSMun', 'vIBSMun', rates.mun, 'vIBSMun');
  const cbs = sphere('gCBS', 'pCBS', 'vCBS', rates.cbs, 'vCBS');
  add(s, 'vBCIBSCBS', vBC);
  add(s, 'vIBS', uf.value.plus(mun.value));
  return el('IBSCBS', [
    el('CST', g.cst),
    el('cClassTrib', g.cClassTrib),
    el('gIBSCBS', [el('vBC', m2(vBC)), uf.node, mun.node, el('vIBS', m2(uf.value.plus(mun.value))), cbs.node]),
  ]);
}

/** The sample NF-e's tree (root NFe, namespace of the portal). */
export function sampleNfe(n: SampleNfe): XNode {
  const mod = n.modelo ?? '55';
  const emitUf = n.emitente.uf as keyof typeof icmsUfTable;
  const cUF = String(icmsUfTable[emitUf].ibgeCode);
  const nNF = String(n.numero ?? 1);
  const cNF = String(10_000_000 + (Number(nNF) % 89_999_999));
  const key43 = `${cUF}${n.data.slice(2, 4)}${n.data.slice(5, 7)}${n.emitente.cnpj}${mod}001${nNF.padStart(9, '0')}1${cNF}`;
  const cDV = String(accessKeyDigit(key43));
  const dest = n.destinatario;
  const idDest = !dest || dest.uf === n.emitente.uf ? '1' : '2';
  const year = Number(n.data.slice(0, 4));
  const s: Sums = {};
  const dets = n.items.map((it, i) => {
    const vProd = d(it.vProd);
    const vDesc = d(it.vDesc ?? '0');
    const vBC = vProd.minus(vDesc);
    const before = { vST: s.vST ?? d(0), vIBS: s.vIBS ?? d(0), vCBS: s.vCBS ?? d(0) };
    add(s, 'vDesc', vDesc);
    const ibsCbs = ibsCbsGroup(it, vBC, s, year);
    const printed = { vIBS: (s.vIBS ?? d(0)).minus(before.vIBS), vCBS: (s.vCBS ?? d(0)).minus(before.vCBS) };
    // NT 2026.008 v1.00 (I11): from 2027 vProd carries the item's IBS and CBS (not in an import, CFOP 3xxx); every
    // base is the value without them. The engine's one rule (taxesCarried), as the completion writes it.
    const cfop = it.cfop ?? (idDest === '1' ? '5102' : '6102');
    const shown = vProd.plus(taxesCarried(printed, year, cfop));
    add(s, 'vProd', shown);
    const icms = icmsGroup(it, vBC, s);
    const vIPI = it.ipi ? pct(vBC, it.ipi.pIPI) : d(0);
    add(s, 'vIPI', vIPI);
    const vPIS = pct(vBC, it.pisCofins?.pPIS);
    const vCOFINS = pct(vBC, it.pisCofins?.pCOFINS);
    add(s, 'vPIS', vPIS);
    add(s, 'vCOFINS', vCOFINS);
    const fed = (g: 'PIS' | 'COFINS', rate: string | undefined, v: TaxDecimal) =>
      rate
        ? el(g, [el(`${g}Aliq`, [el('CST', '01'), el('vBC', m2(vBC)), el(`p${g}`, r4(rate)), el(`v${g}`, m2(v))])])
        : el(g, [el(`${g}NT`, [el('CST', '07')])]);
    let difal: XNode | undefined;
    if (it.difal) {
      const f = pct(vBC, it.difal.pFCPUFDest);
      const diff = pct(vBC, it.difal.pICMSUFDest).minus(pct(vBC, it.difal.pICMSInter));
      add(s, 'vFCPUFDest', f);
      add(s, 'vICMSUFDest', diff);
      difal = el('ICMSUFDest', [
        el('vBCUFDest', m2(vBC)),
        el('vBCFCPUFDest', m2(vBC)),
        el('pFCPUFDest', r4(it.difal.pFCPUFDest)),
        el('pICMSUFDest', r4(it.difal.pICMSUFDest)),
        el('pICMSInter', d(it.difal.pICMSInter).toFixed(2)),
        el('pICMSInterPart', '100.0000'),
        el('vFCPUFDest', m2(f)),
        el('vICMSUFDest', m2(diff)),
        el('vICMSUFRemet', '0.00'),
      ]);
    }
    const prod = el('prod', [
      el('cProd', `P${i + 1}`),
      el('cEAN', 'SEM GTIN'),
      el('xProd', `PRODUTO ${i + 1}`),
      el('NCM', it.ncm ?? '22021000'),
      el('CFOP', cfop),
      el('uCom', 'UN'),
      el('qCom', '1.0000'),
      el('vUnCom', shown.toFixed(10)),
      el('vProd', m2(shown)),
      el('cEANTrib', 'SEM GTIN'),
      el('uTrib', 'UN'),
      el('qTrib', '1.0000'),
      el('vUnTrib', shown.toFixed(10)),
      it.vDesc ? el('vDesc', m2(vDesc)) : undefined,
      el('indTot', '1'),
    ]);
    const ipi = it.ipi
      ? el('IPI', [
          el('cEnq', '999'),
          el('IPITrib', [el('CST', '50'), el('vBC', m2(vBC)), el('pIPI', r4(it.ipi.pIPI)), el('vIPI', m2(vIPI))]),
        ])
      : undefined;
    const imposto = el('imposto', [
      icms,
      ipi,
      fed('PIS', it.pisCofins?.pPIS, vPIS),
      fed('COFINS', it.pisCofins?.pCOFINS, vCOFINS),
      difal,
      ibsCbs,
    ]);
    // VB01-10 (NT 2026.008 v1.00): vProd − vDesc + vICMSST + vIPI, IBS and CBS only inside vProd (from 2027).
    const vItem = shown
      .minus(vDesc)
      .plus((s.vST ?? d(0)).minus(before.vST))
      .plus(vIPI);
    return el('det', [prod, imposto, n.vItem ? el('vItem', m2(vItem)) : undefined], { nItem: String(i + 1) });
  });
  const t = (tag: string) => m2(s[tag] ?? d(0));
  const vNF = (s.vProd ?? d(0))
    .minus(s.vDesc ?? d(0))
    .plus(s.vST ?? d(0))
    .plus(s.vIPI ?? d(0));
  const hasIbs = n.items.some((i) => i.ibscbs);
  const total = el('total', [
    el('ICMSTot', [
      el('vBC', t('vBC')),
      el('vICMS', t('vICMS')),
      el('vICMSDeson', '0.00'),
      s.vICMSUFDest ? el('vFCPUFDest', t('vFCPUFDest')) : undefined,
      s.vICMSUFDest ? el('vICMSUFDest', t('vICMSUFDest')) : undefined,
      s.vICMSUFDest ? el('vICMSUFRemet', '0.00') : undefined,
      el('vFCP', '0.00'),
      el('vBCST', t('vBCST')),
      el('vST', t('vST')),
      el('vFCPST', '0.00'),
      el('vFCPSTRet', '0.00'),
      el('vProd', t('vProd')),
      el('vFrete', '0.00'),
      el('vSeg', '0.00'),
      el('vDesc', t('vDesc')),
      el('vII', '0.00'),
      el('vIPI', t('vIPI')),
      el('vIPIDevol', '0.00'),
      el('vPIS', t('vPIS')),
      el('vCOFINS', t('vCOFINS')),
      el('vOutro', '0.00'),
      el('vNF', m2(vNF)),
    ]),
    hasIbs
      ? el('IBSCBSTot', [
          el('vBCIBSCBS', t('vBCIBSCBS')),
          el('gIBS', [
            el('gIBSUF', [el('vDif', t('vIBSUFDif')), el('vDevTrib', '0.00'), el('vIBSUF', t('vIBSUF'))]),
            el('gIBSMun', [el('vDif', t('vIBSMunDif')), el('vDevTrib', '0.00'), el('vIBSMun', t('vIBSMun'))]),
            el('vIBS', t('vIBS')),
            el('vCredPres', '0.00'),
            el('vCredPresCondSus', '0.00'),
          ]),
          el('gCBS', [
            el('vDif', t('vCBSDif')),
            el('vDevTrib', '0.00'),
            el('vCBS', t('vCBS')),
            el('vCredPres', '0.00'),
            el('vCredPresCondSus', '0.00'),
          ]),
        ])
      : undefined,
    // vNFTot = Σ vItem = vNF (W60-10): IBS and CBS never added again; from 2027 they are in vProd (NT 2026.008 v1.00).
    hasIbs ? el('vNFTot', m2(vNF)) : undefined,
  ]);
  const ender = (tag: string, uf: string) =>
    el(tag, [
      el('xLgr', 'RUA A'),
      el('nro', '1'),
      el('xBairro', 'CENTRO'),
      el('cMun', capital[uf] ?? `${icmsUfTable[uf as keyof typeof icmsUfTable].ibgeCode}00001`),
      el('xMun', 'CIDADE'),
      el('UF', uf),
      el('CEP', '01001000'),
      el('cPais', '1058'),
      el('xPais', 'BRASIL'),
    ]);
  const destNode = dest
    ? el('dest', [
        opt('CNPJ', dest.cnpj),
        opt('CPF', dest.cpf),
        el('xNome', 'DESTINATARIO'),
        ender('enderDest', dest.uf),
        el('indIEDest', dest.contribuinte ? '1' : '9'),
        dest.contribuinte ? el('IE', ieExample(dest.uf)) : undefined,
      ])
    : undefined;
  const infNFe = el(
    'infNFe',
    [
      el('ide', [
        el('cUF', cUF),
        el('cNF', cNF),
        el('natOp', 'VENDA'),
        el('mod', mod),
        el('serie', '1'),
        el('nNF', nNF),
        el('dhEmi', `${n.data}T10:00:00-03:00`),
        el('tpNF', '1'),
        el('idDest', idDest),
        el('cMunFG', capital[n.emitente.uf] ?? `${cUF}00001`),
        el('tpImp', mod === '65' ? '4' : '1'),
        el('tpEmis', '1'),
        el('cDV', cDV),
        el('tpAmb', n.tpAmb ?? '1'),
        el('finNFe', '1'),
        el('indFinal', dest?.contribuinte ? '0' : '1'),
        el('indPres', '1'),
        el('procEmi', '0'),
        el('verProc', 'plataforma-fiscal'),
      ]),
      el('emit', [
        el('CNPJ', n.emitente.cnpj),
        el('xNome', 'EMITENTE LTDA'),
        ender('enderEmit', n.emitente.uf),
        el('IE', ieExample(n.emitente.uf)),
        el('CRT', n.emitente.crt),
      ]),
      destNode,
      ...dets,
      total,
      el('transp', [el('modFrete', '9')]),
      el('pag', [el('detPag', [el('tPag', '01'), el('vPag', m2(vNF))])]),
    ],
    { Id: `NFe${key43}${cDV}`, versao: '4.00' },
  );
  return el('NFe', [infNFe], { xmlns: 'http://www.portalfiscal.inf.br/nfe' });
}
