import { isValidCnpj } from './check-digits.js';
import { cents } from './money.js';
import type { NfeView } from './nfe-view.js';
import { ide, root } from './nfe-view.js';
import { mocRule, when } from './rule-factory.js';
import { paymentOf } from './rules-payment.js';
import type { Rule } from './types.js';
import { child, children, text } from './xml-node.js';

/**
 * Groups YA (pag: the means of payment) and YB (the intermediary of the transaction) of MOC 7.0 annex I; the payment
 * against vNF is in rules-payment.ts. Rows read in a public transcription of the annex's tables (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;

const tPags = (d: NfeView) => paymentOf(d)?.tPags ?? [];
/** NT 2020.006's production and homologation dates for the intermediary (group YB). */
const from2021 = { producao: { desde: '2021-09-01' }, homologacao: { desde: '2021-02-01' } };

export const paymentMeansRules: Rule[] = [
  mocRule(
    'YA02-04',
    '871',
    'O campo Meio de Pagamento deve ser preenchido com a opção Sem Pagamento',
    'YA',
    nfe,
    'obrigatoria',
    'NF-e de ajuste ou devolução (finNFe 3 ou 4) com tPag 90 (sem pagamento).',
    (d) =>
      when(['3', '4'].includes(ide(d, 'finNFe') ?? '') && tPags(d).some((t) => t !== '90'), {
        campo: `${root}/pag/detPag/tPag`,
        esperado: '90',
        encontrado: tPags(d).join(', '),
      }),
  ),
  mocRule(
    'YA02-10',
    '857',
    'Informado Duplicata Mercantil como Forma de Pagamento',
    'YA',
    nfce,
    'obrigatoria',
    'NFC-e sem tPag 14 (duplicata mercantil).',
    (d) => when(tPags(d).includes('14'), { campo: `${root}/pag/detPag/tPag`, encontrado: '14' }),
  ),
  mocRule(
    'YA02-40',
    '899',
    'Informado incorretamente o campo meio de pagamento',
    'YA',
    nfce,
    'obrigatoria',
    'NFC-e sem tPag 90 (sem pagamento).',
    (d) => when(tPags(d).includes('90'), { campo: `${root}/pag/detPag/tPag`, encontrado: '90' }),
  ),
  {
    ...mocRule(
      'YA02-50',
      '436',
      'Informado 99-Outros como meio de pagamento (NT 2020.006)',
      'YA',
      nfce,
      'obrigatoria',
      'NFC-e sem tPag 99 (outros), desde a NT 2020.006.',
      (d) => when(tPags(d).includes('99'), { campo: `${root}/pag/detPag/tPag`, encontrado: '99' }),
    ),
    vigencia: from2021,
  },
  mocRule(
    'YA03-30',
    '904',
    'Informado indevidamente campo valor de pagamento',
    'YA',
    both,
    'facultativa',
    'tPag 90 (sem pagamento) com vPag zero.',
    (d) =>
      children(child(d.infNFe, 'pag'), 'detPag').flatMap((p, i) =>
        text(p, 'tPag') === '90' && (cents(text(p, 'vPag')) ?? 0) !== 0
          ? [{ campo: `${root}/pag/detPag[${i + 1}]/vPag`, esperado: '0.00', encontrado: text(p, 'vPag') }]
          : [],
      ),
  ),
  {
    ...mocRule(
      'YA05-20',
      '437',
      'CNPJ da instituição de pagamento inválido (NT 2020.006)',
      'YA',
      both,
      'obrigatoria',
      'card/CNPJ com dígitos válidos.',
      (d) =>
        children(child(d.infNFe, 'pag'), 'detPag').flatMap((p, i) => {
          const v = text(p, 'card/CNPJ');
          return v !== undefined && !isValidCnpj(v)
            ? [{ campo: `${root}/pag/detPag[${i + 1}]/card/CNPJ`, encontrado: v }]
            : [];
        }),
    ),
    vigencia: from2021,
  },
  {
    ...mocRule(
      'YB01-10',
      '438',
      'Obrigatória as informações do intermediador da transação para operação por site de terceiros (NT 2020.006)',
      'YB',
      nfe,
      'obrigatoria',
      'indIntermed 1 (plataforma de terceiros) com infIntermed.',
      (d) => when(ide(d, 'indIntermed') === '1' && !child(d.infNFe, 'infIntermed'), { campo: `${root}/infIntermed` }),
    ),
    vigencia: from2021,
  },
  {
    ...mocRule(
      'YB01-20',
      '439',
      'Informações do intermediador da transação para operação por site de terceiros preenchido indevidamente (NT 2020.006)',
      'YB',
      nfe,
      'obrigatoria',
      'infIntermed só com indIntermed 1.',
      (d) =>
        when(ide(d, 'indIntermed') !== '1' && !!child(d.infNFe, 'infIntermed'), {
          campo: `${root}/infIntermed`,
          encontrado: `indIntermed ${ide(d, 'indIntermed') ?? 'não informado'}`,
        }),
    ),
    vigencia: from2021,
  },
  {
    ...mocRule(
      'YB02-10',
      '440',
      'CNPJ do intermediador da transação inválido (NT 2020.006)',
      'YB',
      nfe,
      'obrigatoria',
      'infIntermed/CNPJ com dígitos válidos.',
      (d) => {
        const v = text(d.infNFe, 'infIntermed/CNPJ');
        return when(v !== undefined && !isValidCnpj(v), { campo: `${root}/infIntermed/CNPJ`, encontrado: v });
      },
    ),
    vigencia: from2021,
  },
];
