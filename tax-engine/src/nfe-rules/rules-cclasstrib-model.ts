import { nt2025002, rtc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { text } from './xml-node.js';

/**
 * The NF-e models a cClassTrib is accepted in, from the DF-e list of its row in the official table (Receita's calculator
 * data: TPDF_SIGLA): 55 for "NFe" (and "NFe ABI", the NF-e of real-estate operations), 65 for "NFCe". The one reading
 * of those names: the server's input check (reform-facts.ts) refuses a code for which it gives no model.
 */
export function modelsOf(documents: readonly string[]): string[] {
  const out: string[] = [];
  if (documents.includes('NFe') || documents.includes('NFe ABI')) out.push('55');
  if (documents.includes('NFCe')) out.push('65');
  return out;
}

/** UB14-25 (NT 2025.002 v1.40, rejection 1025): the cClassTrib is one the document's model accepts. */
export const cClassTribModelRules: Rule[] = [
  {
    id: 'UB14-25',
    codigo: '1025',
    mensagem: 'Rejeição: cClassTrib do IBS/CBS não permitido neste modelo de DFe [nItem: 999]',
    grupo: 'UB',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: rtc,
    fonte: nt2025002('UB'),
    tabelas: ['ibs-cbs'],
    descricao:
      'O cClassTrib é aceito no modelo do documento (indicadores de NF-e e NFC-e da tabela de classificação tributária: documentos em que o código é usado). Tabelas: ibs-cbs.',
    verificar(doc, ctx) {
      const out: Finding[] = [];
      const t = ctx.tabelas;
      if (!t) return out;
      for (const it of doc.items) {
        const c = text(it.ibscbs, 'cClassTrib');
        const modelos = c ? t.cClassTrib(c)?.modelos : undefined;
        if (modelos && !modelos.includes(doc.modelo))
          out.push({
            campo: `${it.path}/imposto/IBSCBS/cClassTrib`,
            nItem: it.nItem,
            esperado: `cClassTrib aceito no modelo ${doc.modelo}`,
            encontrado: `${c} (modelos ${modelos.join(', ') || 'nenhum'})`,
          });
      }
      return out;
    },
  },
];
