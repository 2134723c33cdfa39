import { cents, showCents, within } from './money.js';
import type { ItemView } from './nfe-view.js';
import { root } from './nfe-view.js';
import { ntRule } from './rule-factory.js';
import { nt2025002 } from './sources.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/** A rule on the document's totals (group W, both models, no Obrig./Facult. column); its `verificar` follows. */
const totalBase = (id: string, codigo: string, mensagem: string, descricao: string): Rule =>
  ntRule(id, codigo, mensagem, 'W', ['55', '65'], null, descricao, () => []);

/** IBSCBSTot/<path> = Σ of the items' gIBSCBS/<itemPath>, tolerance 0,01 (rules W35 … W56 of NT 2025.002). */
function sumRule(
  id: string,
  codigo: string,
  mensagem: string,
  totalPath: string,
  itemPath: string,
  totalGroup = 'IBSCBSTot',
): Rule {
  return {
    ...totalBase(
      id,
      codigo,
      mensagem,
      `${totalGroup}/${totalPath} é a soma de ${itemPath} dos itens (tolerância de 0,01).`,
    ),
    verificar(doc) {
      const tot = child(doc.total, totalGroup);
      const found = cents(text(tot, totalPath));
      if (found === null) return [];
      const sum = doc.items.reduce((s, it: ItemView) => s + (cents(text(it.imposto, itemPath)) ?? 0), 0);
      return within(found, sum, 1)
        ? []
        : [
            {
              campo: `${root}/total/${totalGroup}/${totalPath}`,
              esperado: showCents(sum),
              encontrado: showCents(found),
            },
          ];
    },
  };
}

const hasIbsCbs = (it: ItemView) => it.ibscbs !== undefined;

/** Group W of NT 2025.002: IBSCBSTot, ISTot and vNFTot. */
export const ibsCbsTotalRules: Rule[] = [
  {
    ...totalBase(
      'W34-10',
      '1118',
      'Total de IBS e CBS informado indevidamente',
      'IBSCBSTot só quando algum item tem o grupo IBSCBS.',
    ),
    verificar(doc) {
      return doc.ibscbsTot && !doc.items.some(hasIbsCbs)
        ? [{ campo: `${root}/total/IBSCBSTot`, esperado: 'ausente (nenhum item com IBSCBS)', encontrado: 'IBSCBSTot' }]
        : [];
    },
  },
  {
    ...totalBase(
      'W34-20',
      '1119',
      'Total de IBS e CBS não informado',
      'IBSCBSTot informado quando algum item tem o grupo IBSCBS.',
    ),
    verificar(doc) {
      return !doc.ibscbsTot && doc.items.some(hasIbsCbs)
        ? [{ campo: `${root}/total/IBSCBSTot`, esperado: 'grupo IBSCBSTot', encontrado: 'ausente' }]
        : [];
    },
  },
  sumRule('W33-10', '1075', 'Total do Imposto Seletivo difere da soma dos itens', 'vIS', 'IS/vIS', 'ISTot'),
  sumRule('W35-10', '1076', 'Total da BC do IBS e da CBS difere da soma dos itens', 'vBCIBSCBS', 'IBSCBS/gIBSCBS/vBC'),
  sumRule(
    'W38-10',
    '1077',
    'Total de Diferimento do IBS UF difere da soma dos itens',
    'gIBS/gIBSUF/vDif',
    'IBSCBS/gIBSCBS/gIBSUF/gDif/vDif',
  ),
  sumRule(
    'W39-10',
    '1078',
    'Total Devolvido do IBS UF difere da soma dos itens',
    'gIBS/gIBSUF/vDevTrib',
    'IBSCBS/gIBSCBS/gIBSUF/gDevTrib/vDevTrib',
  ),
  sumRule(
    'W41-10',
    '1080',
    'Total de IBS UF difere da soma dos itens',
    'gIBS/gIBSUF/vIBSUF',
    'IBSCBS/gIBSCBS/gIBSUF/vIBSUF',
  ),
  sumRule(
    'W43-10',
    '1081',
    'Total de Diferimento do IBS Municipal difere da soma dos itens',
    'gIBS/gIBSMun/vDif',
    'IBSCBS/gIBSCBS/gIBSMun/gDif/vDif',
  ),
  sumRule(
    'W44-10',
    '1082',
    'Total Devolvido do IBS Municipal difere da soma dos itens',
    'gIBS/gIBSMun/vDevTrib',
    'IBSCBS/gIBSCBS/gIBSMun/gDevTrib/vDevTrib',
  ),
  sumRule(
    'W46-10',
    '1084',
    'Total de IBS Municipal difere da soma dos itens',
    'gIBS/gIBSMun/vIBSMun',
    'IBSCBS/gIBSCBS/gIBSMun/vIBSMun',
  ),
  sumRule('W47-10', '1085', 'Total do IBS difere da soma do vIBS dos itens', 'gIBS/vIBS', 'IBSCBS/gIBSCBS/vIBS'),
  sumRule(
    'W53-10',
    '1088',
    'Total de Diferimento da CBS difere da soma dos itens',
    'gCBS/vDif',
    'IBSCBS/gIBSCBS/gCBS/gDif/vDif',
  ),
  sumRule(
    'W54-10',
    '1089',
    'Total Devolvido da CBS difere da soma dos itens',
    'gCBS/vDevTrib',
    'IBSCBS/gIBSCBS/gCBS/gDevTrib/vDevTrib',
  ),
  sumRule('W56-10', '1091', 'Total de CBS difere da soma dos itens', 'gCBS/vCBS', 'IBSCBS/gIBSCBS/gCBS/vCBS'),
  // NT 2025.002 v1.31, p. 49–50 (read in a public transcription, decision 072): credit, monophasic and reversal totals.
  ...(
    [
      [
        'W48-10',
        '1086',
        'Total de Crédito Presumido do IBS UF difere da soma dos itens',
        'gIBS/vCredPres',
        'gCredPresOper/gIBSCredPres/vCredPres',
      ],
      [
        'W56a-10',
        '1087',
        'Total de Crédito Presumido da CBS difere da soma dos itens',
        'gCBS/vCredPres',
        'gCredPresOper/gCBSCredPres/vCredPres',
      ],
      [
        'W58-10',
        '1092',
        'Total do IBS monofásico difere da soma dos itens',
        'gMono/vIBSMono',
        'gIBSCBSMono/gMonoPadrao/vIBSMono',
      ],
      [
        'W59-10',
        '1093',
        'Total da CBS monofásica difere da soma dos itens',
        'gMono/vCBSMono',
        'gIBSCBSMono/gMonoPadrao/vCBSMono',
      ],
      [
        'W59a-10',
        '1120',
        'Total do IBS monofásico sujeito à retenção difere da soma dos itens',
        'gMono/vIBSMonoReten',
        'gIBSCBSMono/gMonoReten/vIBSMonoReten',
      ],
      [
        'W59b-10',
        '1121',
        'Total da CBS monofásica sujeita à retenção difere da soma dos itens',
        'gMono/vCBSMonoReten',
        'gIBSCBSMono/gMonoReten/vCBSMonoReten',
      ],
      [
        'W59c-10',
        '1122',
        'Total do IBS monofásico retido anteriormente difere da soma dos itens',
        'gMono/vIBSMonoRet',
        'gIBSCBSMono/gMonoRet/vIBSMonoRet',
      ],
      [
        'W59d-10',
        '1123',
        'Total da CBS monofásica retida anteriormente difere da soma dos itens',
        'gMono/vCBSMonoRet',
        'gIBSCBSMono/gMonoRet/vCBSMonoRet',
      ],
      [
        'W59f-10',
        '1176',
        'Total do IBS estornado difere da soma dos itens',
        'gEstornoCred/vIBSEstCred',
        'gEstornoCred/vIBSEstCred',
      ],
      [
        'W59g-10',
        '1177',
        'Total da CBS estornada difere da soma dos itens',
        'gEstornoCred/vCBSEstCred',
        'gEstornoCred/vCBSEstCred',
      ],
    ] as const
  ).map(([id, codigo, mensagem, total, item]) => ({
    ...sumRule(id, codigo, mensagem, total, `IBSCBS/${item}`),
    fonte: nt2025002('W', '1.31'),
  })),
  {
    ...totalBase('W31-10', '1073', 'Total de IS informado indevidamente', 'ISTot só quando algum item tem o grupo IS.'),
    fonte: nt2025002('W', '1.31'),
    verificar(doc) {
      return child(doc.total, 'ISTot') && !doc.items.some((it) => child(it.imposto, 'IS'))
        ? [{ campo: `${root}/total/ISTot`, esperado: 'ausente (nenhum item com IS)', encontrado: 'ISTot' }]
        : [];
    },
  },
  {
    ...totalBase('W31-20', '1117', 'Total de IS não informado', 'ISTot informado quando algum item tem o grupo IS.'),
    fonte: nt2025002('W', '1.31'),
    verificar(doc) {
      return !child(doc.total, 'ISTot') && doc.items.some((it) => child(it.imposto, 'IS'))
        ? [{ campo: `${root}/total/ISTot`, esperado: 'ISTot', encontrado: 'ausente' }]
        : [];
    },
  },
  {
    ...totalBase(
      'W60-05',
      '1004',
      'Valor total da NF-e com IBS / CBS / IS (vNFTot) não informado',
      'vNFTot informado quando há IBSCBSTot. Implementação futura na NT: alerta.',
    ),
    // NT 2025.002 v1.50 and v1.51 still mark W60-05 and W60-10 "Implementação futura" in the rule table (the field is
    // 0-1 in PL_010): SEFAZ does not reject on them, so they are alerts, never rejections, until a version dates them.
    efeito: 'alerta',
    vigencia: { homologacao: { desde: '2025-10-01' }, producao: { desde: '2026-01-01' } },
    verificar(doc) {
      return doc.ibscbsTot && text(doc.total, 'vNFTot') === undefined
        ? [{ campo: `${root}/total/vNFTot`, esperado: 'vNFTot', encontrado: 'ausente' }]
        : [];
    },
  },
  {
    ...totalBase(
      'W60-10',
      '1094',
      'Total da NFe difere da soma do total dos itens da Nota',
      'vNFTot = soma do vItem dos itens (quando todos informam vItem), tolerância de 0,01. Implementação futura na ' +
        'NT: alerta.',
    ),
    efeito: 'alerta',
    verificar(doc) {
      const found = cents(text(doc.total, 'vNFTot'));
      if (found === null) return [];
      let sum = 0;
      for (const it of doc.items) {
        const v = cents(text(it.node, 'vItem'));
        if (v === null) return [];
        sum += v;
      }
      return within(found, sum, 1)
        ? []
        : [{ campo: `${root}/total/vNFTot`, esperado: showCents(sum), encontrado: showCents(found) }];
    },
  },
];
