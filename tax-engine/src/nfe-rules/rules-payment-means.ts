import { isValidCnpj } from './check-digits.js';
import { cents } from './money.js';
import type { NfeView } from './nfe-view.js';
import { ide, root } from './nfe-view.js';
import { mocRule, pushFinding, when } from './rule-factory.js';
import { paymentOf } from './rules-payment.js';
import type { Finding, Rule } from './types.js';
import { child, children, text, type XNode } from './xml-node.js';

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

/** YA04-10 and YA05-10: "A regra de validação não se aplica, em produção, para Nota Fiscal com Data de Emissão anterior a 01/04/2016". */
const from2016April = { producao: { desde: '2016-04-01' }, homologacao: { desde: null } };

/** A finding per detPag that `bad` names (the tag it lacks), allocating only when one is found. */
const perDetPag =
  (bad: (p: XNode) => string | undefined) =>
  (d: NfeView): Finding[] => {
    let out: Finding[] | undefined;
    const details = children(child(d.infNFe, 'pag'), 'detPag');
    for (let i = 0; i < details.length; i++) {
      const tag = bad(details[i]!);
      if (tag) out = pushFinding(out, { campo: `${root}/pag/detPag[${i + 1}]/${tag}` });
    }
    return out ?? [];
  };

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
    // MOC 7.0 annex I, YA04-10 (model 65, Facul.): "Se informado o grupo de pagamentos (tag:pag): - Se o Pagamento for por
    // cartão (tag:tPag=03, 04), deve ser informado o grupo de cartões (tag:card)". "Implementação por padrão, opcional a
    // critério da UF." (NT 2015.002)
    ...mocRule(
      'YA04-10',
      '391',
      'Não informados os dados do cartão de crédito / débito nas Formas de Pagamento da Nota Fiscal',
      'YA',
      nfce,
      'facultativa',
      'NFC-e: pagamento por cartão (tPag 03 ou 04) com o grupo card (opcional a critério da UF; em produção, desde 01/04/2016).',
      perDetPag((p) => {
        const t = text(p, 'tPag');
        return (t === '03' || t === '04') && !child(p, 'card') ? 'card' : undefined;
      }),
    ),
    vigencia: from2016April,
    requer: ['detPag'],
  },
  {
    // MOC 7.0 annex I, YA05-10 (models 55/65, Facul.): "Se informado o grupo de Cartão de Crédito / Débito (tag:card): - Se
    // o pagamento com cartão for integrado ao sistema de automação da empresa (tag:tpIntegra=1) devem ser informado os
    // campos de CNPJ da Credenciadora e o código de autenticação da operação (tag:card/CNPJ e card/cAut)".
    ...mocRule(
      'YA05-10',
      '392',
      'Não informados os dados da operação de pagamento por cartão de crédito / débito',
      'YA',
      both,
      'facultativa',
      'Cartão integrado à automação (card/tpIntegra 1) com card/CNPJ e card/cAut (opcional a critério da UF; em produção, desde 01/04/2016).',
      perDetPag((p) => {
        const card = child(p, 'card');
        if (text(card, 'tpIntegra') !== '1') return undefined;
        return !child(card, 'CNPJ') ? 'card/CNPJ' : !child(card, 'cAut') ? 'card/cAut' : undefined;
      }),
    ),
    vigencia: from2016April,
    requer: ['card'],
  },
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
