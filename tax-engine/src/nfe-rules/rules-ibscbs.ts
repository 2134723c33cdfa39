import { base, CBS, gIBSCBS, MUN, UF } from './ibscbs-spheres.js';
import { cents, showCents, within } from './money.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { effectiveRateRule, valueRule, yearRateRule } from './rules-ibscbs-figures.js';
import { indicatorRules } from './rules-ibscbs-indicators.js';
import { nt2025002 } from './sources.js';
import type { Finding, Rule } from './types.js';
import { child, text } from './xml-node.js';

// The exact effective-rate check (effective-rate.test.ts) lives with the figures' rules.
export { effectiveRateCheck } from './rules-ibscbs-figures.js';

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
      'IBS/CBS não informado [nItem: 999]',
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
      'CST do IBS/CBS informado inexistente [nItem: 999]',
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
      'Grupo IBS/CBS informado indevidamente [nItem: 999]',
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
      'Grupo IBS/CBS não informado [nItem: 999]',
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
      'Classificação Tributária do IBS/CBS informada inexistente [nItem: 999]',
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
      'Classificação Tributária do IBS e da CBS incompatível com o CST informado [nItem: 999]',
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
      'Classificação Tributária do IBS e da CBS informada obriga informação da tributação regular [nItem: 999]',
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
  // UB22 … UB64: gDif and gRed against the CST's indicators (rules-ibscbs-indicators.ts).
  ...indicatorRules,
  yearRateRule('UB18-10', '1026', 'Alíquota do IBS da UF inválida [nItem: 999]', UF),
  yearRateRule('UB37-10', '1036', 'Alíquota do IBS do Município inválida [nItem: 999]', MUN),
  yearRateRule('UB56-10', '1037', 'Alíquota da CBS inválida [nItem: 999]', CBS),
  effectiveRateRule(
    'UB28-10',
    '1035',
    'Valor da Alíquota Efetiva do IBS da UF calculado incorretamente [nItem: 999]',
    UF,
  ),
  effectiveRateRule(
    'UB47-10',
    '1047',
    'Valor da Alíquota Efetiva do IBS do Município calculado incorretamente [nItem: 999]',
    MUN,
  ),
  effectiveRateRule('UB66-10', '1064', 'Valor da Alíquota Efetiva da CBS calculado incorretamente [nItem: 999]', CBS),
  valueRule('UB35-10', '1041', 'Valor do IBS da UF difere do calculado [nItem: 999]', UF),
  valueRule('UB54-10', '1052', 'Valor do IBS Municipal difere do calculado [nItem: 999]', MUN),
  valueRule('UB67-10', '1069', 'Valor da CBS difere do calculado [nItem: 999]', CBS),
  {
    ...base(
      'UB54a-10',
      '1150',
      'Valor do IBS do Item (vIBS) difere do calculado [nItem: 999]',
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
