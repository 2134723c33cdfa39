import type { TDocumentFindingKind } from '@app/contract';
import { buildNfeXml, type FixtureItem, type FixtureNfe } from './documents.fixtures.js';

/**
 * Realistic months of a company's NF-e, written from public tables only (issue 37's precision bench and tests):
 * a distributor in regime normal (CRT 3, SP) selling inside SP, to other states' taxpayers (12 % to MG/PR, 7 % to BA
 * — Resolução do Senado 22/1989; 4 % for its imported goods, Resolução do Senado 13/2012), to consumers in AC with
 * DIFAL (EC 87/2015; AC 19 %, single base), beer under ST as substitute (inside SP and to MG), rice and beans of the
 * cesta básica with SP's base reduction to a 7 % load (RICMS/SP, Anexo II, art. 3º) and cClassTrib 200003
 * (LC 214/2025, Anexo I), PIS/COFINS non-cumulative (1,65 % / 7,6 %) or zero (CST 06, Lei 10.925/2004, art. 1º;
 * CST 04 monofásico, Lei 10.147/2000) and the 2026 IBS/CBS group (CBS 0,9 %, IBS 0,1 %; NT 2025.002, UB16-10);
 * and a Simples Nacional retailer (CRT 1, SP): NFC-e to consumers (CSOSN 102), NF-e to companies (CSOSN 101),
 * beer already under ST (CSOSN 500, CFOP 5405) and returns to suppliers (finNFe 4, CFOP 5202, CSOSN 900), without
 * the IBS/CBS group (not required of it in 2026). Every figure is computed here, to the cent, from those rates —
 * not by the engine the audit uses. `plantRate` plants one known error in that share of items (`truth`).
 */
export interface MonthProduct {
  code: string;
  description: string;
  ncm: string;
  cest?: string;
  /** Fiscal rule version fields (SP) the bench/test creates for the product. */
  rule: Record<string, string>;
  /** Simples retailer's rule fields, when the product is also sold by it. */
  simplesRule?: Record<string, string>;
  price: number;
  kind: 'cesta' | 'taxed' | 'beer' | 'imported' | 'mono';
  orig?: string;
  cClassTrib: string;
}

export const monthProducts: MonthProduct[] = [
  {
    code: 'ARROZ-5KG',
    description: 'ARROZ BRANCO TIPO 1 5KG',
    ncm: '10063021',
    kind: 'cesta',
    price: 27.9,
    cClassTrib: '200003',
    rule: {
      cstIcms: '20',
      aliqIcms: '18.0000',
      redBcIcms: '61.1100',
      pisCstSaida: '06',
      aliqPis: '0.0000',
      cofinsCstSaida: '06',
      aliqCofins: '0.0000',
      cbsCst: '200',
      cbsCClassTrib: '200003',
    },
  },
  {
    code: 'FEIJAO-1KG',
    description: 'FEIJAO CARIOCA TIPO 1 1KG',
    ncm: '07133319',
    kind: 'cesta',
    price: 8.49,
    cClassTrib: '200003',
    rule: {
      cstIcms: '20',
      aliqIcms: '18.0000',
      redBcIcms: '61.1100',
      pisCstSaida: '06',
      aliqPis: '0.0000',
      cofinsCstSaida: '06',
      aliqCofins: '0.0000',
      cbsCst: '200',
      cbsCClassTrib: '200003',
    },
  },
  {
    code: 'POTE-PLAST',
    description: 'POTE PLASTICO COM TAMPA 1L',
    ncm: '39241000',
    kind: 'taxed',
    price: 12.5,
    cClassTrib: '000001',
    rule: { cstIcms: '00', aliqIcms: '18.0000', cbsCst: '000', cbsCClassTrib: '000001' },
  },
  {
    code: 'PANELA-INOX',
    description: 'PANELA INOX 24CM',
    ncm: '73239300',
    kind: 'taxed',
    price: 89.9,
    cClassTrib: '000001',
    rule: { cstIcms: '00', aliqIcms: '18.0000', cbsCst: '000', cbsCClassTrib: '000001' },
  },
  {
    code: 'SHAMPOO-350',
    description: 'SHAMPOO 350ML',
    ncm: '33051000',
    kind: 'mono',
    price: 15.9,
    cClassTrib: '000001',
    rule: {
      cstIcms: '00',
      aliqIcms: '18.0000',
      pisCstSaida: '04',
      aliqPis: '0.0000',
      cofinsCstSaida: '04',
      aliqCofins: '0.0000',
      cbsCst: '000',
      cbsCClassTrib: '000001',
    },
  },
  {
    code: 'MICROONDAS-IMP',
    description: 'FORNO MICROONDAS 20L IMPORTADO',
    ncm: '85165000',
    kind: 'imported',
    orig: '1',
    price: 489.0,
    cClassTrib: '000001',
    rule: { cstIcms: '00', aliqIcms: '18.0000', cbsCst: '000', cbsCClassTrib: '000001' },
  },
  {
    code: 'CERVEJA-LATA',
    description: 'CERVEJA PILSEN LATA 350ML',
    ncm: '22030000',
    cest: '0302100',
    kind: 'beer',
    price: 3.79,
    cClassTrib: '000001',
    rule: {
      cstIcms: '10',
      aliqIcms: '18.0000',
      iva: '40.0000',
      aliqIcmsSt: '18.0000',
      cbsCst: '000',
      cbsCClassTrib: '000001',
    },
  },
];

/** R$ as integer cents × rate %, rounded half up (the NF-e's two decimals). */
const pct = (cents: number, rate: number) => Math.round((cents * rate) / 100 + 1e-7);
const brl = (cents: number) => (cents / 100).toFixed(2);

/** A seeded generator (mulberry32): the same month every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The errors a month can plant, each with the one finding the audit must give for it. */
export const plantedKinds = {
  'icms-calculo': 'valor-divergente',
  'aliquota-interna': 'aliquota-divergente',
  'importado-7': 'aliquota-divergente',
  'cst-00-reducao': 'cst-divergente',
  'pis-calculo': 'valor-divergente',
  'ibscbs-base-com-icms': 'valor-divergente',
  'cfop-nao-contribuinte': 'cfop-incompativel',
  'st-nao-destacado': 'st-nao-destacado',
  'cclasstrib-cheio-anexo-i': 'cclasstrib-incompativel',
  'cclasstrib-anexo-errado': 'cclasstrib-incompativel',
  'difal-aliquota': 'valor-divergente',
  'reducao-interestadual': 'aliquota-divergente',
  'csosn-devolucao': 'cst-divergente',
} as const satisfies Record<string, TDocumentFindingKind>;
export type PlantedError = keyof typeof plantedKinds;

type Destination = { uf: string; inter: number | null; consumer: boolean };
const DISTRIBUTOR_DESTINATIONS: [number, Destination][] = [
  [0.55, { uf: 'SP', inter: null, consumer: false }],
  [0.15, { uf: 'MG', inter: 12, consumer: false }],
  [0.1, { uf: 'BA', inter: 7, consumer: false }],
  [0.1, { uf: 'PR', inter: 12, consumer: false }],
  [0.1, { uf: 'AC', inter: 7, consumer: true }],
];

export interface Month {
  documents: { name: string; xml: string }[];
  items: number;
  /** `number:nItem` → the error planted in that item. */
  truth: Map<string, PlantedError>;
}

export interface MonthOptions {
  issuerCnpj: string;
  kind: 'distributor' | 'simples';
  documents: number;
  itemsPerDocument: number;
  /** Share of items with one planted error (0: a consistent month). */
  plantRate: number;
  seed: number;
  firstNumber: number;
  /** The distributor's PIS/COFINS base: with the ICMS (its ERP's choice) or without it (Tema 69). */
  pisCofinsBase?: 'com-icms' | 'sem-icms';
  date?: string;
}

// A CNPJ with valid check digits (rule E02-10 of the MOC rejects the document otherwise: 208).
const CUSTOMER = '44555666000181';

/** One month of the company's sales (see the file's comment). */
export function generateMonth(o: MonthOptions): Month {
  const rnd = random(o.seed);
  const truth = new Map<string, PlantedError>();
  const documents: { name: string; xml: string }[] = [];
  let items = 0;
  for (let d = 0; d < o.documents; d++) {
    const number = o.firstNumber + d;
    const nfe =
      o.kind === 'distributor' ? distributorDocument(o, rnd, number, truth) : simplesDocument(o, rnd, number, truth);
    items += nfe.items.length;
    documents.push({ name: `mes/${number}.xml`, xml: buildNfeXml(nfe) });
  }
  return { documents, items, truth };
}

function pick<T>(rnd: () => number, weighted: [number, T][]): T {
  let r = rnd();
  for (const [w, v] of weighted) {
    if (r < w) return v;
    r -= w;
  }
  return weighted[weighted.length - 1]![1];
}

function distributorDocument(o: MonthOptions, rnd: () => number, number: number, truth: Map<string, PlantedError>) {
  const dest = pick(rnd, DISTRIBUTOR_DESTINATIONS);
  const items: FixtureItem[] = [];
  for (let k = 0; k < o.itemsPerDocument; k++) {
    // Beer under ST goes to taxpayers in SP and MG only (the pairs this month has ST data for).
    let product = monthProducts[Math.floor(rnd() * monthProducts.length)]!;
    if (product.kind === 'beer' && !['SP', 'MG'].includes(dest.uf)) product = monthProducts[2]!;
    const planted = rnd() < o.plantRate ? plantFor(product, dest, rnd) : null;
    if (planted) truth.set(`${number}:${k + 1}`, planted);
    items.push(distributorItem(o, product, dest, 1 + Math.floor(rnd() * 24), planted));
  }
  return {
    issuerCnpj: o.issuerCnpj,
    issuerUf: 'SP',
    recipientCnpj: CUSTOMER,
    recipientUf: dest.uf,
    number,
    date: o.date ?? '2026-03-16',
    consumerCpf: dest.consumer ? '52998224725' : undefined,
    items,
  } satisfies FixtureNfe;
}

/** An error that fits the item's product and operation (null: none fits, the item stays clean). */
function plantFor(p: MonthProduct, dest: Destination, rnd: () => number): PlantedError | null {
  // (A typo in the own ICMS of an ST item would make its ST negative, which no NF-e can carry.)
  const fits: PlantedError[] = p.kind === 'beer' ? [] : ['icms-calculo'];
  if (dest.inter === null && p.kind === 'taxed') fits.push('aliquota-interna', 'cclasstrib-anexo-errado');
  if (dest.inter !== null && p.kind === 'imported') fits.push('importado-7');
  if (dest.inter === null && p.kind === 'cesta') fits.push('cst-00-reducao', 'cclasstrib-cheio-anexo-i');
  if (dest.inter !== null && !dest.consumer && p.kind === 'cesta') fits.push('reducao-interestadual');
  if (p.kind === 'taxed' || p.kind === 'imported') fits.push('pis-calculo', 'ibscbs-base-com-icms');
  if (dest.consumer) fits.push('cfop-nao-contribuinte', 'difal-aliquota');
  // Beer to MG: SP → MG beer is under Prot. ICMS 11/1991 in the bundled agreements (decision 064), so a sale there
  // without ST is the interstate st-nao-destacado the audit must find (decision 065).
  if (p.kind === 'beer' && (dest.inter === null || dest.uf === 'MG')) fits.push('st-nao-destacado');
  return fits[Math.floor(rnd() * fits.length)] ?? null;
}

function distributorItem(
  o: MonthOptions,
  p: MonthProduct,
  dest: Destination,
  qty: number,
  planted: PlantedError | null,
): FixtureItem {
  const vProd = Math.round(p.price * 100) * qty;
  const interstate = dest.inter !== null;
  // The operation's rate: the interstate one (4 % for imported goods), else SP's internal 18 %.
  let rate = interstate ? (p.orig === '1' ? 4 : dest.inter!) : 18;
  if (planted === 'aliquota-interna') rate = 12;
  if (planted === 'importado-7') rate = dest.inter!;
  // SP's reduction of the cesta básica is internal (RICMS/SP, Anexo II, art. 3º): not on interstate sales.
  const reduced =
    p.kind === 'cesta' && ((!interstate && planted !== 'cst-00-reducao') || planted === 'reducao-interestadual');
  const pRed = reduced ? 61.11 : 0;
  if (planted === 'cst-00-reducao') rate = 7;
  const vBC = reduced ? Math.round(vProd * (1 - pRed / 100)) : vProd;
  let vICMS = pct(vBC, rate);
  if (planted === 'icms-calculo') vICMS += 137;
  const beerSt = p.kind === 'beer';
  const cst = beerSt ? '10' : reduced ? '20' : '00';
  const icms: FixtureItem['icms'] = {
    cst,
    orig: p.orig,
    pRedBC: reduced ? '61.11' : undefined,
    vBC: brl(vBC),
    pICMS: rate.toFixed(2),
    vICMS: brl(vICMS),
  };
  if (beerSt && planted !== 'st-nao-destacado') {
    // MVA 40 % inside SP; to MG the MVA adjusted to the 12 % rate: (1.4 × 0.88 / 0.82) − 1 = 50.24 %, the formula
    // of the product agreements (decision 048: Conv. ICMS 74/1994, cláusula terceira, §1º, as worded by Conv. ICMS
    // 104/2008; Conv. 142/2018 has none of its own).
    const mva = interstate ? 50.24 : 40;
    const vBCST = Math.round(vProd * (1 + mva / 100));
    icms.pMVAST = mva.toFixed(2);
    icms.vBCST = brl(vBCST);
    icms.pICMSST = '18.00';
    icms.vICMSST = brl(pct(vBCST, 18) - vICMS);
  }
  // DIFAL to a consumer in AC: single base, (19 % − interstate) (LC 87/1996, art. 13, §1º-A, LC 190/2022).
  let difalCents = 0;
  let difal: FixtureItem['difal'];
  if (dest.consumer) {
    const internal = planted === 'difal-aliquota' ? 18 : 19;
    difalCents = pct(vProd, internal) - pct(vProd, rate);
    difal = {
      pFCPUFDest: '0.00',
      pICMSUFDest: internal.toFixed(2),
      pICMSInter: rate.toFixed(2),
      vFCPUFDest: '0.00',
      vICMSUFDest: brl(difalCents),
    };
  }
  let vPIS = 0;
  let vCOFINS = 0;
  let pis: FixtureItem['pis'];
  let cofins: FixtureItem['cofins'];
  if (p.kind === 'cesta' || p.kind === 'mono') {
    const zero = p.kind === 'cesta' ? '06' : '04';
    pis = { cst: zero, pPIS: '0.00', vPIS: '0.00', vBC: '0.00' };
    cofins = { cst: zero, pCOFINS: '0.00', vCOFINS: '0.00', vBC: '0.00' };
  } else {
    const base = o.pisCofinsBase === 'sem-icms' ? vProd - vICMS : vProd;
    vPIS = pct(base, 1.65) + (planted === 'pis-calculo' ? 50 : 0);
    vCOFINS = pct(base, 7.6);
    pis = { cst: '01', pPIS: '1.65', vPIS: brl(vPIS), vBC: brl(base) };
    cofins = { cst: '01', pCOFINS: '7.60', vCOFINS: brl(vCOFINS), vBC: brl(base) };
  }
  // NT 2025.002, UB16-10, on the item's own figures; 2026: CBS 0,9 %, IBS UF 0,1 %, IBS Mun 0 (LC 214/2025, arts.
  // 343 e 346); cClassTrib 200003 (Anexo I) reduces both by 100 %.
  const cClassTrib =
    planted === 'cclasstrib-cheio-anexo-i' ? '000001' : planted === 'cclasstrib-anexo-errado' ? '200003' : p.cClassTrib;
  const ibsBase = vProd - (planted === 'ibscbs-base-com-icms' ? 0 : vICMS) - vPIS - vCOFINS - difalCents;
  const reduction = cClassTrib === '200003' ? 100 : 0;
  const cbs = pct(ibsBase, 0.9 * (1 - reduction / 100));
  const ibsUf = pct(ibsBase, 0.1 * (1 - reduction / 100));
  const cfop = interstate
    ? dest.consumer && planted !== 'cfop-nao-contribuinte'
      ? '6108'
      : beerSt
        ? '6403'
        : '6102'
    : beerSt
      ? '5403'
      : '5102';
  return {
    code: p.code,
    description: p.description,
    ncm: p.ncm,
    cest: p.cest,
    // SP requires cBenef on a relief CST (NT 2019.001): SP020030, Anexo II, art. 3º (cesta básica).
    cBenef: reduced ? 'SP020030' : undefined,
    cfop,
    vProd: brl(vProd),
    icms,
    pis,
    cofins,
    difal,
    ibscbs: {
      cst: cClassTrib.slice(0, 3),
      cClassTrib,
      values: {
        vBC: brl(ibsBase),
        pIBSUF: '0.10',
        vIBSUF: brl(ibsUf),
        pIBSMun: '0.00',
        vIBSMun: '0.00',
        pCBS: '0.90',
        vCBS: brl(cbs),
        pRedAliq: reduction ? reduction.toFixed(2) : undefined,
      },
    },
  };
}

function simplesDocument(o: MonthOptions, rnd: () => number, number: number, truth: Map<string, PlantedError>) {
  const r = rnd();
  const kind = r < 0.75 ? 'nfce' : r < 0.92 ? 'company' : 'return';
  const items: FixtureItem[] = [];
  const sold = monthProducts.filter((p) => p.kind !== 'imported');
  for (let k = 0; k < o.itemsPerDocument; k++) {
    const p = sold[Math.floor(rnd() * sold.length)]!;
    const vProd = Math.round(p.price * 100) * (1 + Math.floor(rnd() * 6));
    const planted: PlantedError | null = kind === 'return' && rnd() < o.plantRate * 4 ? 'csosn-devolucao' : null;
    if (planted) truth.set(`${number}:${k + 1}`, planted);
    // Simples Nacional: PIS/COFINS inside the DAS (CST 99 without rate, LC 123/2006, art. 13).
    const none = {
      pis: { cst: '99', pPIS: '0.00', vPIS: '0.00', vBC: '0.00' },
      cofins: { cst: '99', pCOFINS: '0.00', vCOFINS: '0.00', vBC: '0.00' },
    };
    if (kind === 'return') {
      // The return states the ICMS the supplier credited (CSOSN 900), at 18 % inside SP.
      const csosn = planted ? '102' : '900';
      items.push({
        code: p.code,
        description: p.description,
        ncm: p.ncm,
        cest: p.cest,
        cfop: p.kind === 'beer' ? '5411' : '5202',
        vProd: brl(vProd),
        icms:
          csosn === '900'
            ? { cst: '900', vBC: brl(vProd), pICMS: '18.00', vICMS: brl(pct(vProd, 18)) }
            : { cst: csosn },
        ...none,
      });
      continue;
    }
    const csosn = p.kind === 'beer' ? '500' : kind === 'company' ? '101' : '102';
    items.push({
      code: p.code,
      description: p.description,
      ncm: p.ncm,
      cest: p.cest,
      cfop: p.kind === 'beer' ? '5405' : '5102',
      vProd: brl(vProd),
      icms: { cst: csosn },
      ...none,
    });
  }
  return {
    issuerCnpj: o.issuerCnpj,
    issuerUf: 'SP',
    recipientCnpj: CUSTOMER,
    recipientUf: 'SP',
    number,
    date: o.date ?? '2026-03-16',
    crt: '1',
    mod: kind === 'nfce' ? '65' : '55',
    finNFe: kind === 'return' ? '4' : '1',
    consumerCpf: kind === 'nfce' ? '52998224725' : undefined,
    items,
  } satisfies FixtureNfe;
}
