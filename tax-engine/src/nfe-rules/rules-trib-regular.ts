import { nt2025002, rtc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * UB68-11 (NT 2025.002 v1.40, rejection 1114): gTribRegular only under a cClassTrib whose indicator ind_gTribRegular
 * is 1 — the mirror of UB68-10. The indicator is the official cClassTrib table's; in Receita's calculator data it is
 * the tax treatment's "exige grupo de desoneração" (550xxx, 200022, 200024), the fact UB68-10 already reads. The
 * engine refuses the same input (tax-engine/src/nfe-item/trib-regular-check.ts), as the calculator's own test
 * Teste_validacao_14_TributacaoRegularInformadaIndevidamenteException expects.
 */
export const tribRegularRules: Rule[] = [
  {
    id: 'UB68-11',
    codigo: '1114',
    mensagem:
      'Rejeição: Classificação Tributária do IBS e da CBS informada não permite informação da tributação regular [nItem: 999]',
    grupo: 'UB',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: rtc,
    fonte: nt2025002('UB'),
    tabelas: ['ibs-cbs'],
    descricao:
      'gTribRegular só com cClassTrib cujo indicador de tributação regular é 1 (tratamento que exige o grupo de desoneração: 550xxx, 200022, 200024). Tabelas: ibs-cbs.',
    verificar(doc, ctx) {
      const out: Finding[] = [];
      const t = ctx.tabelas;
      if (!t) return out;
      for (const it of doc.items) {
        const reg = child(child(it.ibscbs, 'gIBSCBS'), 'gTribRegular');
        const c = text(it.ibscbs, 'cClassTrib');
        const row = c ? t.cClassTrib(c) : undefined;
        if (reg && row && !row.exigeTribRegular)
          out.push({
            campo: `${it.path}/imposto/IBSCBS/gIBSCBS/gTribRegular`,
            nItem: it.nItem,
            esperado: `sem gTribRegular para o cClassTrib ${c}`,
            encontrado: 'gTribRegular informado',
          });
      }
      return out;
    },
  },
];
