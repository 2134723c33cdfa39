import { base, CBS, eachSphere, MUN, type Sphere, spherePath, UF } from './ibscbs-spheres.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

// Group UB (NT 2025.002 v1.40): the subgroups gDif and gRed of each sphere against the indicators of the item's CST in
// the official table of CST of the IBS and the CBS — present only where the indicator is 1, present wherever it is 1.

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

/** UB22, UB26, UB40, UB45, UB59 and UB64, in the order of the book. */
export const indicatorRules: Rule[] = [
  indicatorRule(
    'UB22-10',
    '1029',
    'CST do IBS/CBS informado não permite informação de diferimento Estadual [nItem: 999]',
    UF,
    'gDif',
    'forbidden',
  ),
  indicatorRule(
    'UB22-20',
    '1030',
    'CST do IBS/CBS informado obriga informação de diferimento Estadual [nItem: 999]',
    UF,
    'gDif',
    'required',
  ),
  indicatorRule(
    'UB26-10',
    '1032',
    'CST do IBS/CBS informado não permite informação de redução de alíquota Estadual [nItem: 999]',
    UF,
    'gRed',
    'forbidden',
  ),
  indicatorRule(
    'UB26-20',
    '1033',
    'Não informado o grupo de redução de alíquota Estadual [nItem: 999]',
    UF,
    'gRed',
    'required',
  ),
  indicatorRule(
    'UB40-10',
    '1044',
    'CST do IBS/CBS informado obriga informação de diferimento Municipal [nItem: 999]',
    MUN,
    'gDif',
    'required',
  ),
  indicatorRule(
    'UB40-20',
    '1083',
    'CST do IBS/CBS informado não permite informação de diferimento Municipal [nItem: 999]',
    MUN,
    'gDif',
    'forbidden',
  ),
  indicatorRule(
    'UB45-10',
    '1007',
    'CST do IBS/CBS informado não permite informação de redução de alíquota municipal [nItem: 999]',
    MUN,
    'gRed',
    'forbidden',
  ),
  indicatorRule(
    'UB45-20',
    '1074',
    'Não informado o grupo de redução de alíquota Municipal [nItem: 999]',
    MUN,
    'gRed',
    'required',
  ),
  indicatorRule(
    'UB59-10',
    '1061',
    'CST do IBS/CBS informado obriga informação de diferimento da CBS [nItem: 999]',
    CBS,
    'gDif',
    'required',
  ),
  indicatorRule(
    'UB59-20',
    '1090',
    'CST do IBS/CBS informado não permite informação de diferimento da CBS [nItem: 999]',
    CBS,
    'gDif',
    'forbidden',
  ),
  indicatorRule(
    'UB64-10',
    '1028',
    'CST do IBS/CBS informado não permite informação de redução de alíquota da CBS [nItem: 999]',
    CBS,
    'gRed',
    'forbidden',
  ),
  indicatorRule(
    'UB64-20',
    '1079',
    'Não informado o grupo de redução de alíquota da CBS [nItem: 999]',
    CBS,
    'gRed',
    'required',
  ),
];
