import { TaxDecimal } from '../decimal.js';
import { cents, productCheck, showCents, within } from './money.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { nt2025002, rtc } from './sources.js';
import type { Finding, Rule, RuleContext } from './types.js';
import { child, text, type XNode } from './xml-node.js';

type Sphere = {
  group: 'gIBSUF' | 'gIBSMun' | 'gCBS';
  rate: 'pIBSUF' | 'pIBSMun' | 'pCBS';
  value: 'vIBSUF' | 'vIBSMun' | 'vCBS';
};
const UF: Sphere = { group: 'gIBSUF', rate: 'pIBSUF', value: 'vIBSUF' };
const MUN: Sphere = { group: 'gIBSMun', rate: 'pIBSMun', value: 'vIBSMun' };
const CBS: Sphere = { group: 'gCBS', rate: 'pCBS', value: 'vCBS' };

const gIBSCBS = (it: ItemView) => child(it.ibscbs, 'gIBSCBS');
const spherePath = (it: ItemView, s: Sphere) => `${it.path}/imposto/IBSCBS/gIBSCBS/${s.group}`;

function base(id: string, codigo: string, mensagem: string, descricao: string): Omit<Rule, 'verificar'> {
  return {
    id,
    codigo,
    mensagem,
    grupo: 'UB',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: rtc,
    fonte: nt2025002('UB'),
    descricao,
  };
}

/** Each item with gIBSCBS, and the sphere's group, for the per-sphere rules. */
function eachSphere(
  doc: NfeView,
  s: Sphere,
  f: (it: ItemView, g: XNode, vBC: string | undefined) => Finding | null,
): Finding[] {
  const out: Finding[] = [];
  for (const it of doc.items) {
    const gi = gIBSCBS(it);
    const g = child(gi, s.group);
    if (!g) continue;
    const r = f(it, g, text(gi, 'vBC'));
    if (r) out.push(r);
  }
  return out;
}

/** The rate the value is computed with: pAliqEfet when gRed is informed, the nominal rate otherwise. */
const rateOf = (g: XNode, s: Sphere) => text(g, 'gRed/pAliqEfet') ?? text(g, s.rate);

/** vX = vBC × rate / 100 − vDif − vDevTrib, tolerance 0,01 (UB35-10, UB54-10, UB67-10). */
function valueRule(id: string, codigo: string, mensagem: string, s: Sphere): Rule {
  return {
    ...base(
      id,
      codigo,
      mensagem,
      `${s.value} = vBC × (${s.rate} ou pAliqEfet de gRed) / 100 − vDif − vDevTrib, tolerância de 0,01.`,
    ),
    verificar(doc) {
      // Government purchases without gRed: the NT's formula of the effective rate (with pRedutor) is not in the
      // item, so the value is not recomputed here.
      const gov = child(doc.ide, 'gCompraGov') !== undefined;
      return eachSphere(doc, s, (it, g, vBC) => {
        // Regular taxation (suspension and the like): the main group's figures follow the cClassTrib's own
        // instructions, not this formula.
        if ((gov && !child(g, 'gRed')) || child(gIBSCBS(it), 'gTribRegular')) return null;
        const deductions = (cents(text(g, 'gDif/vDif')) ?? 0) + (cents(text(g, 'gDevTrib/vDevTrib')) ?? 0);
        const c = productCheck(text(g, s.value), vBC, rateOf(g, s), deductions);
        if (!c || c.ok) return null;
        return {
          campo: `${spherePath(it, s)}/${s.value}`,
          nItem: it.nItem,
          esperado: showCents(c.expected),
          encontrado: showCents(c.found),
        };
      });
    },
  };
}

/**
 * A decimal of the layout's rates (TDec_0302_04: up to 3 integer digits, 4 places) as an exact integer of
 * ten-thousandths; null for any other text. The bound keeps every product below (and every result far below) 2^53.
 */
function tenThousandths(v: string): number | null {
  const m = /^(-?)(\d{1,3})(?:\.(\d{1,4}))?$/.exec(v);
  if (!m) return null;
  const n = Number(m[2]! + (m[3] ?? '').padEnd(4, '0'));
  return m[1] ? -n : n;
}

/** n / 10^k rounded half away from zero (TaxDecimal's ROUND_HALF_UP), n and 10^k exact integers. */
function divRound(n: bigint, k: bigint): bigint {
  const q = n / k;
  const r = n % k;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= k ? q + (n < 0n ? -1n : 1n) : q;
}

const showTenThousandths = (e: number): string => {
  const abs = Math.abs(e);
  return `${e < 0 ? '-' : ''}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')}`;
};

/**
 * UB28/47/66-10 in exact integers (ten-thousandths) instead of Decimal, a third of the rule book's time on a 50-item
 * NF-e: rate × (100 − pRedAliq) [× (100 − pRedutor)] is an integer product, divided by 10^6 [10^12] with half-up
 * rounding to 4 places, exactly as TaxDecimal computes it (the unit test compares both on every kind of input).
 * True when pAliqEfet is within 0.0001, else the expected value; undefined when a value is not a plain decimal of at
 * most 4 places (a schema error): the Decimal form decides then.
 */
export function effectiveRateCheck(
  rate: string,
  pRed: string,
  redutor: string | undefined,
  found: string,
): true | string | undefined {
  const r = tenThousandths(rate);
  const p = tenThousandths(pRed);
  const f = tenThousandths(found);
  const d = redutor === undefined ? 0 : tenThousandths(redutor);
  if (r === null || p === null || f === null || d === null) return undefined;
  const million = 1_000_000n;
  let product = BigInt(r) * (million - BigInt(p));
  let scale = million;
  if (redutor !== undefined) {
    product *= million - BigInt(d);
    scale *= million;
  }
  const e = Number(divRound(product, scale));
  return Math.abs(e - f) <= 1 ? true : showTenThousandths(e);
}

/** pAliqEfet = rate × (1 − pRedAliq/100) [× (1 − pRedutor/100) in a government purchase], 4 places (UB28/47/66-10). */
function effectiveRateRule(id: string, codigo: string, mensagem: string, s: Sphere): Rule {
  return {
    ...base(
      id,
      codigo,
      mensagem,
      `pAliqEfet de gRed = ${s.rate} × (1 − pRedAliq/100), × (1 − pRedutor/100) em compra governamental; 4 casas.`,
    ),
    verificar(doc) {
      const redutor = text(doc.ide, 'gCompraGov/pRedutor');
      return eachSphere(doc, s, (it, g) => {
        const red = child(g, 'gRed');
        const rate = text(g, s.rate);
        const found = text(red, 'pAliqEfet');
        const pRed = text(red, 'pRedAliq');
        if (!red || !rate || !found || !pRed) return null;
        const fast = effectiveRateCheck(rate, pRed, redutor, found);
        if (fast === true) return null;
        let expected: string;
        if (fast === undefined) {
          let e = new TaxDecimal(rate).times(new TaxDecimal(100).minus(pRed)).div(100);
          if (redutor) e = e.times(new TaxDecimal(100).minus(redutor)).div(100);
          const exact = e.toDecimalPlaces(4);
          if (exact.minus(found).abs().lte('0.0001')) return null;
          expected = exact.toFixed(4);
        } else expected = fast;
        return { campo: `${spherePath(it, s)}/gRed/pAliqEfet`, nItem: it.nItem, esperado: expected, encontrado: found };
      });
    },
  };
}

/** The test-period rates by year of issue (LC 214/2025 arts. 343, 344 and 346; UB18-10, UB37-10, UB56-10). */
function yearRate(s: Sphere, year: number): string | null {
  if (s === UF) return year <= 2026 ? '0.1' : year <= 2028 ? '0.05' : null;
  if (s === MUN) return year <= 2026 ? '0' : year <= 2028 ? '0.05' : null;
  return year <= 2026 ? '0.9' : null;
}

function yearRateRule(id: string, codigo: string, mensagem: string, s: Sphere): Rule {
  return {
    ...base(
      id,
      codigo,
      mensagem,
      `${s.rate} é a alíquota do ano de emissão (IBS UF 0,1% em 2025–2026 e 0,05% em 2027–2028; IBS Mun 0% e 0,05%; CBS 0,9% em 2025–2026). Zero aceito com gTribRegular, nota de crédito/débito e grupos da ZFM.`,
    ),
    verificar(doc, ctx: RuleContext) {
      const year = Number((doc.emissao ?? ctx.data).slice(0, 4));
      const expected = yearRate(s, year);
      if (expected === null) return [];
      const fin = text(doc.ide, 'finNFe');
      return eachSphere(doc, s, (it, g) => {
        const found = text(g, s.rate);
        if (found === undefined || Number(found) === Number(expected)) return null;
        const zeroAllowed =
          child(gIBSCBS(it), 'gTribRegular') !== undefined ||
          fin === '5' ||
          fin === '6' ||
          child(it.ibscbs, 'gCredPresIBSZFM') !== undefined;
        if (zeroAllowed && Number(found) === 0) return null;
        return {
          campo: `${spherePath(it, s)}/${s.rate}`,
          nItem: it.nItem,
          esperado: new TaxDecimal(expected).toFixed(4),
          encontrado: found,
        };
      });
    },
  };
}

/** A subgroup the CST's indicator forbids (ind = 0) or requires (ind = 1): UB22, UB26, UB40, UB45, UB59, UB64. */
function indicatorRule(
  id: string,
  codigo: string,
  mensagem: string,
  s: Sphere,
  sub: 'gDif' | 'gRed',
  when: 'forbidden' | 'required',
): Rule {
  return {
    ...base(
      id,
      codigo,
      mensagem,
      when === 'forbidden'
        ? `${sub} de ${s.group} só com CST cujo indicador ${sub} é 1 (tabela de CST do IBS/CBS).`
        : `${sub} de ${s.group} informado quando o indicador ${sub} do CST é 1 (tabela de CST do IBS/CBS).`,
    ),
    tabelas: ['ibs-cbs'],
    verificar(doc, ctx) {
      if (!ctx.tabelas) return [];
      const tables = ctx.tabelas;
      return eachSphere(doc, s, (it, g) => {
        const cst = text(it.ibscbs, 'CST') ?? '';
        const ind = tables.ibsCbsCst(cst);
        if (!ind) return null;
        const has = child(g, sub) !== undefined;
        if (when === 'forbidden' && has && !ind[sub])
          return {
            campo: `${spherePath(it, s)}/${sub}`,
            nItem: it.nItem,
            esperado: `sem ${sub} para o CST ${cst}`,
            encontrado: sub,
          };
        if (when === 'required' && !has && ind[sub])
          return {
            campo: `${spherePath(it, s)}/${sub}`,
            nItem: it.nItem,
            esperado: `${sub} para o CST ${cst}`,
            encontrado: 'ausente',
          };
        return null;
      });
    },
  };
}

function perItem(doc: NfeView, f: (it: ItemView) => Finding | null): Finding[] {
  const out: Finding[] = [];
  for (const it of doc.items) {
    if (!it.ibscbs) continue;
    const r = f(it);
    if (r) out.push(r);
  }
  return out;
}

const tablesRule = (r: Omit<Rule, 'tabelas'>): Rule => ({ ...r, tabelas: ['ibs-cbs'] });

/** Group UB (NT 2025.002): the IBS/CBS of each item. */
export const ibsCbsRules: Rule[] = [
  {
    ...base(
      'UB12-10',
      '1115',
      'Rejeição: IBS/CBS não informado [nItem: 999]',
      'Cada item tem o grupo IBSCBS (emitente CRT 3). Não aplicada a NF-e complementar, de ajuste ou devolução, nem a itens de combustível (exceções da regra).',
    ),
    fonte: nt2025002('UB', '1.51'),
    crt: ['3'],
    // v1.51: homologation for NF-e issued from 01/07/2026 by CRT 3; production "implementação futura".
    vigencia: { homologacao: { desde: '2026-07-01' }, producao: null },
    verificar(doc) {
      if (['2', '3', '4'].includes(text(doc.ide, 'finNFe') ?? '')) return [];
      return doc.items
        .filter((it) => !it.ibscbs && !child(it.prod, 'comb'))
        .map((it) => ({
          campo: `${it.path}/imposto/IBSCBS`,
          nItem: it.nItem,
          esperado: 'grupo IBSCBS',
          encontrado: 'ausente',
        }));
    },
  },
  tablesRule({
    ...base(
      'UB13-10',
      '1020',
      'Rejeição: CST do IBS/CBS informado inexistente [nItem: 999]',
      'O CST do IBS/CBS existe na tabela de CST do IBS e da CBS.',
    ),
    verificar(doc, ctx) {
      const t = ctx.tabelas;
      if (!t) return [];
      return perItem(doc, (it) => {
        const cst = text(it.ibscbs, 'CST');
        return cst !== undefined && !t.ibsCbsCst(cst)
          ? { campo: `${it.path}/imposto/IBSCBS/CST`, nItem: it.nItem, esperado: 'CST da tabela', encontrado: cst }
          : null;
      });
    },
  }),
  tablesRule({
    ...base(
      'UB13-20',
      '1021',
      'Rejeição: Grupo IBS/CBS informado indevidamente [nItem: 999]',
      'gIBSCBS só com CST cujo indicador gIBSCBS é 1.',
    ),
    verificar(doc, ctx) {
      const t = ctx.tabelas;
      if (!t) return [];
      return perItem(doc, (it) => {
        const cst = text(it.ibscbs, 'CST') ?? '';
        const ind = t.ibsCbsCst(cst);
        return ind && !ind.gIBSCBS && gIBSCBS(it)
          ? {
              campo: `${it.path}/imposto/IBSCBS/gIBSCBS`,
              nItem: it.nItem,
              esperado: `sem gIBSCBS para o CST ${cst}`,
              encontrado: 'gIBSCBS',
            }
          : null;
      });
    },
  }),
  tablesRule({
    ...base(
      'UB13-30',
      '1022',
      'Rejeição: Grupo IBS/CBS não informado [nItem: 999]',
      'gIBSCBS informado quando o indicador gIBSCBS do CST é 1.',
    ),
    verificar(doc, ctx) {
      const t = ctx.tabelas;
      if (!t) return [];
      return perItem(doc, (it) => {
        const cst = text(it.ibscbs, 'CST') ?? '';
        const ind = t.ibsCbsCst(cst);
        return ind?.gIBSCBS && !gIBSCBS(it)
          ? {
              campo: `${it.path}/imposto/IBSCBS/gIBSCBS`,
              nItem: it.nItem,
              esperado: `gIBSCBS para o CST ${cst}`,
              encontrado: 'ausente',
            }
          : null;
      });
    },
  }),
  tablesRule({
    ...base(
      'UB14-10',
      '1023',
      'Rejeição: Classificação Tributária do IBS/CBS informada inexistente [nItem: 999]',
      'O cClassTrib existe na tabela de classificação tributária do IBS e da CBS.',
    ),
    verificar(doc, ctx) {
      const t = ctx.tabelas;
      if (!t) return [];
      return perItem(doc, (it) => {
        const c = text(it.ibscbs, 'cClassTrib');
        return c !== undefined && !t.cClassTrib(c)
          ? {
              campo: `${it.path}/imposto/IBSCBS/cClassTrib`,
              nItem: it.nItem,
              esperado: 'cClassTrib da tabela',
              encontrado: c,
            }
          : null;
      });
    },
  }),
  tablesRule({
    ...base(
      'UB14-20',
      '1024',
      'Rejeição: Classificação Tributária do IBS e da CBS incompatível com o CST informado [nItem: 999]',
      'O cClassTrib pertence ao CST informado (mesma linha da tabela).',
    ),
    verificar(doc, ctx) {
      const t = ctx.tabelas;
      if (!t) return [];
      return perItem(doc, (it) => {
        const c = text(it.ibscbs, 'cClassTrib');
        const cst = text(it.ibscbs, 'CST');
        const row = c ? t.cClassTrib(c) : undefined;
        return row && cst && row.cst !== cst
          ? {
              campo: `${it.path}/imposto/IBSCBS/cClassTrib`,
              nItem: it.nItem,
              esperado: `cClassTrib do CST ${cst}`,
              encontrado: `${c} (CST ${row.cst})`,
            }
          : null;
      });
    },
  }),
  tablesRule({
    ...base(
      'UB68-10',
      '1065',
      'Rejeição: Classificação Tributária do IBS e da CBS informada obriga informação da tributação regular [nItem: 999]',
      'gTribRegular informado quando o cClassTrib o exige (tratamento tributário que exige o grupo de desoneração).',
    ),
    verificar(doc, ctx) {
      const t = ctx.tabelas;
      if (!t) return [];
      return perItem(doc, (it) => {
        const c = text(it.ibscbs, 'cClassTrib');
        const row = c ? t.cClassTrib(c) : undefined;
        return row?.exigeTribRegular && gIBSCBS(it) && !child(gIBSCBS(it), 'gTribRegular')
          ? {
              campo: `${it.path}/imposto/IBSCBS/gIBSCBS/gTribRegular`,
              nItem: it.nItem,
              esperado: `gTribRegular para o cClassTrib ${c}`,
              encontrado: 'ausente',
            }
          : null;
      });
    },
  }),
  indicatorRule(
    'UB22-10',
    '1029',
    'Rejeição: CST do IBS/CBS informado não permite informação de diferimento Estadual [nItem: 999]',
    UF,
    'gDif',
    'forbidden',
  ),
  indicatorRule(
    'UB22-20',
    '1030',
    'Rejeição: CST do IBS/CBS informado obriga informação de diferimento Estadual [nItem: 999]',
    UF,
    'gDif',
    'required',
  ),
  indicatorRule(
    'UB26-10',
    '1032',
    'Rejeição: CST do IBS/CBS informado não permite informação de redução de alíquota Estadual [nItem: 999]',
    UF,
    'gRed',
    'forbidden',
  ),
  indicatorRule(
    'UB26-20',
    '1033',
    'Rejeição: Não informado o grupo de redução de alíquota Estadual [nItem: 999]',
    UF,
    'gRed',
    'required',
  ),
  indicatorRule(
    'UB40-10',
    '1044',
    'Rejeição: CST do IBS/CBS informado obriga informação de diferimento Municipal [nItem: 999]',
    MUN,
    'gDif',
    'required',
  ),
  indicatorRule(
    'UB40-20',
    '1083',
    'Rejeição: CST do IBS/CBS informado não permite informação de diferimento Municipal [nItem: 999]',
    MUN,
    'gDif',
    'forbidden',
  ),
  indicatorRule(
    'UB45-10',
    '1007',
    'Rejeição: CST do IBS/CBS informado não permite informação de redução de alíquota municipal [nItem: 999]',
    MUN,
    'gRed',
    'forbidden',
  ),
  indicatorRule(
    'UB45-20',
    '1074',
    'Rejeição: Não informado o grupo de redução de alíquota Municipal [nItem: 999]',
    MUN,
    'gRed',
    'required',
  ),
  indicatorRule(
    'UB59-10',
    '1061',
    'Rejeição: CST do IBS/CBS informado obriga informação de diferimento da CBS [nItem: 999]',
    CBS,
    'gDif',
    'required',
  ),
  indicatorRule(
    'UB59-20',
    '1090',
    'Rejeição: CST do IBS/CBS informado não permite informação de diferimento da CBS [nItem: 999]',
    CBS,
    'gDif',
    'forbidden',
  ),
  indicatorRule(
    'UB64-10',
    '1028',
    'Rejeição: CST do IBS/CBS informado não permite informação de redução de alíquota da CBS [nItem: 999]',
    CBS,
    'gRed',
    'forbidden',
  ),
  indicatorRule(
    'UB64-20',
    '1079',
    'Rejeição: Não informado o grupo de redução de alíquota da CBS [nItem: 999]',
    CBS,
    'gRed',
    'required',
  ),
  yearRateRule('UB18-10', '1026', 'Rejeição: Alíquota do IBS da UF inválida [nItem: 999]', UF),
  yearRateRule('UB37-10', '1036', 'Rejeição: Alíquota do IBS do Município inválida [nItem: 999]', MUN),
  yearRateRule('UB56-10', '1037', 'Rejeição: Alíquota da CBS inválida [nItem: 999]', CBS),
  effectiveRateRule(
    'UB28-10',
    '1035',
    'Rejeição: Valor da Alíquota Efetiva do IBS da UF calculado incorretamente [nItem: 999]',
    UF,
  ),
  effectiveRateRule(
    'UB47-10',
    '1047',
    'Rejeição: Valor da Alíquota Efetiva do IBS do Município calculado incorretamente [nItem: 999]',
    MUN,
  ),
  effectiveRateRule(
    'UB66-10',
    '1064',
    'Rejeição: Valor da Alíquota Efetiva da CBS calculado incorretamente [nItem: 999]',
    CBS,
  ),
  valueRule('UB35-10', '1041', 'Rejeição: Valor do IBS da UF difere do calculado [nItem: 999]', UF),
  valueRule('UB54-10', '1052', 'Rejeição: Valor do IBS Municipal difere do calculado [nItem: 999]', MUN),
  valueRule('UB67-10', '1069', 'Rejeição: Valor da CBS difere do calculado [nItem: 999]', CBS),
  {
    ...base(
      'UB54a-10',
      '1150',
      'Rejeição: Valor do IBS do Item (vIBS) difere do calculado [nItem: 999]',
      'vIBS do item = vIBSUF + vIBSMun, tolerância de 0,01.',
    ),
    verificar(doc) {
      return perItem(doc, (it) => {
        const g = gIBSCBS(it);
        const found = cents(text(g, 'vIBS'));
        const uf = cents(text(g, 'gIBSUF/vIBSUF'));
        const mun = cents(text(g, 'gIBSMun/vIBSMun'));
        if (found === null || uf === null || mun === null || within(found, uf + mun, 1)) return null;
        return {
          campo: `${it.path}/imposto/IBSCBS/gIBSCBS/vIBS`,
          nItem: it.nItem,
          esperado: showCents(uf + mun),
          encontrado: showCents(found),
        };
      });
    },
  },
];
