import { CBS, eachSphere, MUN, type Sphere, spherePath, UF } from './ibscbs-spheres.js';
import { cents, deferredCents, showCents } from './money.js';
import { ntRule } from './rule-factory.js';
import { rtcV130 } from './rules-reform-ide.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * UB23-10, UB42-10, UB61-10 (NT 2025.002-RTC): the deferred value of each sphere. Row read in full in a public
 * PDF→Markdown conversion of v1.31 (p. 35–38; decision 072), not listed as changed by any later version (history of
 * v1.51, p. 4–6): "vDif = vBC x (pIBSUF / 100) x (pDif / 100)", "Observação 1: Aceitar uma tolerância de 0,01 a mais ou
 * a menos", "Observação 2: Em caso de preenchimento do grupo de redução (gRed) a alíquota utilizada deverá ser a tag
 * Alíquota Efetiva (gRed/pAliqEfet)". The public implementation sinete-dev/sinete (v1.51/v1.52) uses the same rate.
 * This settles decision 072's doubt (nominal or effective rate): the NT's own row says the effective one.
 */

function deferralRule(id: string, codigo: string, mensagem: string, s: Sphere): Rule {
  return {
    ...ntRule(
      id,
      codigo,
      mensagem,
      'UB',
      ['55', '65'],
      'obrigatoria',
      `gDif de ${s.group}: vDif = vBC × (${s.rate}, ou pAliqEfet de gRed) / 100 × pDif / 100, tolerância de 0,01.`,
      () => [],
      '1.31',
    ),
    vigencia: rtcV130,
    verificar(doc) {
      // A government purchase without gRed is refused by UB26-20 and the like; its rate is not in the item.
      const gov = child(doc.ide, 'gCompraGov') !== undefined;
      return eachSphere(doc, s, (it, g, vBC) => {
        const dif = child(g, 'gDif');
        if (!dif || (gov && !child(g, 'gRed'))) return null;
        const found = cents(text(dif, 'vDif'));
        const expected = deferredCents(vBC, text(g, 'gRed/pAliqEfet') ?? text(g, s.rate), text(dif, 'pDif'));
        if (found === null || expected === null || Math.abs(found - expected) <= 1) return null;
        return {
          campo: `${spherePath(it, s)}/gDif/vDif`,
          nItem: it.nItem,
          esperado: showCents(expected),
          encontrado: showCents(found),
        };
      });
    },
  };
}

export const deferralRules: readonly Rule[] = [
  deferralRule('UB23-10', '1031', 'Valor do Diferimento da UF difere do calculado [nItem: 999]', UF),
  deferralRule('UB42-10', '1045', 'Valor do Diferimento do Município difere do calculado [nItem: 999]', MUN),
  deferralRule('UB61-10', '1062', 'Valor do Diferimento da CBS difere do calculado [nItem: 999]', CBS),
];
