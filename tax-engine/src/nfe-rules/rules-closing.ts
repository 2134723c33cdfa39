import { isValidCnpj, isValidCpf } from './check-digits.js';
import { isValidIe } from './ie-check-digits.js';
import { cents, showCents } from './money.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { root } from './nfe-view.js';
import { mocRule, when } from './rule-factory.js';
import type { Finding, Rule, RuleContext } from './types.js';
import { child, children, text } from './xml-node.js';

/**
 * The closing groups of MOC 7.0 annex I: totals not covered elsewhere (W04b, W06a, W06b, W12a, W16a), transport (X),
 * billing (Y), payment (YA), intermediary (YB), export (ZA), purchase (ZB), cane (ZC) and the item groups an NFC-e does
 * not carry (J, L, LB) or that ask for a companion group (K, LA). Rows read in full in a public markdown transcription
 * of the annex's tables (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;
const T = `${root}/transp`;
const perItem =
  (bad: (it: ItemView, d: NfeView) => Finding | null) =>
  (d: NfeView): Finding[] =>
    d.items.flatMap((it) => {
      const f = bad(it, d);
      return f ? [{ nItem: it.nItem, ...f }] : [];
    });
const present = (d: NfeView, path: string) => !!text(d.infNFe, path) || !!at(d, path);
const at = (d: NfeView, path: string) => {
  let node = d.infNFe as ReturnType<typeof child>;
  for (const step of path.split('/')) node = child(node, step);
  return node;
};
const ide = (d: NfeView, tag: string) => text(d.ide, tag);

/** A total of ICMSTot against the sum of an item figure: exact to the cent (the annex's totals have no tolerance). */
function totalRule(
  id: string,
  codigo: string,
  mensagem: string,
  modelos: readonly ('55' | '65')[],
  aplic: 'obrigatoria' | 'facultativa',
  tag: string,
  pick: (it: ItemView) => string | undefined,
  what: string,
): Rule {
  return mocRule(
    id,
    codigo,
    mensagem,
    'W',
    modelos,
    aplic,
    `${tag} do total = soma de ${what} dos itens (não informado vale zero).`,
    (d) => {
      const found = cents(text(d.icmsTot, tag));
      if (found === null) return [];
      const sum = d.items.reduce((s, it) => s + (cents(pick(it)) ?? 0), 0);
      return found === sum
        ? []
        : [{ campo: `${root}/total/ICMSTot/${tag}`, esperado: showCents(sum), encontrado: showCents(found) }];
    },
  );
}

const nfceTransport = (id: string, codigo: string, mensagem: string, path: string) =>
  mocRule(id, codigo, mensagem, 'X', nfce, 'obrigatoria', `NFC-e sem transp/${path}.`, (d) =>
    when(present(d, `transp/${path}`), { campo: `${T}/${path}` }),
  );
const dups = (d: NfeView) => children(child(d.infNFe, 'cobr'), 'dup');
const tPags = (d: NfeView) => children(child(d.infNFe, 'pag'), 'detPag').map((p) => text(p, 'tPag'));
const from2021 = { producao: { desde: '2021-09-01' }, homologacao: { desde: '2021-02-01' } };

export const closingRules: Rule[] = [
  totalRule(
    'W04b-10',
    '861',
    'Total do FCP difere do somatório dos itens',
    both,
    'obrigatoria',
    'vFCP',
    (it) => text(it.icms, 'vFCP'),
    'vFCP',
  ),
  totalRule(
    'W06a-10',
    '862',
    'Total do FCP ST difere do somatório dos itens',
    nfe,
    'obrigatoria',
    'vFCPST',
    (it) => text(it.icms, 'vFCPST'),
    'vFCPST',
  ),
  totalRule(
    'W06b-10',
    '859',
    'Total do FCP retido anteriormente por Substituição Tributária difere do somatório dos itens',
    nfe,
    'obrigatoria',
    'vFCPSTRet',
    (it) => text(it.icms, 'vFCPSTRet'),
    'vFCPSTRet',
  ),
  totalRule(
    'W12a-10',
    '863',
    'Total do IPI devolvido difere do somatório dos itens',
    nfe,
    'facultativa',
    'vIPIDevol',
    (it) => text(it.node, 'impostoDevol/IPI/vIPIDevol'),
    'impostoDevol/IPI/vIPIDevol',
  ),
  totalRule(
    'W16a-10',
    '685',
    'Total do Valor Aproximado dos Tributos difere do somatório dos itens',
    both,
    'facultativa',
    'vTotTrib',
    (it) => text(it.imposto, 'vTotTrib'),
    'imposto/vTotTrib',
  ),
  mocRule(
    'X02-10',
    '753',
    'NFC-e com Frete',
    'X',
    nfce,
    'obrigatoria',
    'NFC-e com frete (modFrete diferente de 9) só na entrega a domicílio (indPres=4).',
    (d) =>
      when(text(d.infNFe, 'transp/modFrete') !== '9' && ide(d, 'indPres') !== '4', {
        campo: `${T}/modFrete`,
        encontrado: text(d.infNFe, 'transp/modFrete'),
      }),
  ),
  mocRule(
    'X02-20',
    '868',
    'Grupos Veiculo Transporte e Reboque não devem ser informados',
    'X',
    nfe,
    'obrigatoria',
    'Operação interestadual (idDest=2) sem veicTransp e reboque (não se aplica à NF-e avulsa; a extensão às internas é critério da UF).',
    (d) =>
      when(
        ide(d, 'idDest') === '2' &&
          !['1', '2'].includes(ide(d, 'procEmi') ?? '') &&
          (present(d, 'transp/veicTransp') || present(d, 'transp/reboque')),
        { campo: `${T}/veicTransp` },
      ),
  ),
  mocRule(
    'X03-10',
    '754',
    'NFC-e com dados do Transportador',
    'X',
    nfce,
    'obrigatoria',
    'NFC-e com transporta só na entrega a domicílio (indPres=4).',
    (d) => when(present(d, 'transp/transporta') && ide(d, 'indPres') !== '4', { campo: `${T}/transporta` }),
  ),
  mocRule(
    'X03-20',
    '786',
    'NFC-e de entrega a domicílio sem dados do Transportador',
    'X',
    nfce,
    'obrigatoria',
    'NFC-e de entrega a domicílio (indPres=4) com transporta.',
    (d) => when(ide(d, 'indPres') === '4' && !present(d, 'transp/transporta'), { campo: `${T}/transporta` }),
  ),
  mocRule(
    'X04-20',
    '542',
    'CNPJ do Transportador inválido',
    'X',
    both,
    'obrigatoria',
    'CNPJ do transportador com dígitos válidos.',
    (d) => {
      const v = text(d.infNFe, 'transp/transporta/CNPJ');
      return when(v !== undefined && !isValidCnpj(v), { campo: `${T}/transporta/CNPJ`, encontrado: v });
    },
  ),
  mocRule(
    'X05-10',
    '543',
    'CPF do Transportador inválido',
    'X',
    both,
    'obrigatoria',
    'CPF do transportador com dígitos válidos.',
    (d) => {
      const v = text(d.infNFe, 'transp/transporta/CPF');
      return when(v !== undefined && !isValidCpf(v), { campo: `${T}/transporta/CPF`, encontrado: v });
    },
  ),
  mocRule(
    'X07-10',
    '559',
    'UF do Transportador não informada',
    'X',
    both,
    'obrigatoria',
    'Com a IE do transportador, a UF do transportador.',
    (d) =>
      when(present(d, 'transp/transporta/IE') && !text(d.infNFe, 'transp/transporta/UF'), {
        campo: `${T}/transporta/UF`,
      }),
  ),
  mocRule(
    'X07-20',
    '544',
    'IE do Transportador inválida',
    'X',
    both,
    'obrigatoria',
    'IE do transportador diferente de "ISENTO" válida para a UF do transportador (tamanho e dígitos).',
    (d) => {
      const ie = text(d.infNFe, 'transp/transporta/IE');
      const uf = text(d.infNFe, 'transp/transporta/UF');
      return when(!!ie && ie !== 'ISENTO' && !!uf && isValidIe(ie, uf) === false, {
        campo: `${T}/transporta/IE`,
        encontrado: `${ie} (${uf})`,
      });
    },
  ),
  nfceTransport('X11-10', '755', 'NFC-e com dados de Retenção do ICMS no Transporte', 'retTransp'),
  {
    ...mocRule(
      'X16-10',
      '722',
      'CFOP de Transporte Inexistente',
      'X',
      nfe,
      'obrigatoria',
      'CFOP de retTransp existente na Tabela CFOP do Portal e de uso no grupo de retenção do ICMS de transporte (indTransp=1).',
      (d: NfeView, ctx: RuleContext) => {
        const cfop = text(d.infNFe, 'transp/retTransp/CFOP');
        if (!cfop || !ctx.tabelas?.cfop) return [];
        const row = ctx.tabelas.cfop(cfop);
        return when(!row?.indTransp, { campo: `${T}/retTransp/CFOP`, encontrado: cfop });
      },
    ),
    tabelas: ['cfop'],
  },
  nfceTransport('X18-10', '756', 'NFC-e com dados do veículo de Transporte', 'veicTransp'),
  nfceTransport('X22-10', '757', 'NFC-e com dados de Reboque do veículo de Transporte', 'reboque'),
  nfceTransport('X25a-10', '758', 'NFC-e com dados do Vagão de Transporte', 'vagao'),
  nfceTransport('X25b-10', '759', 'NFC-e com dados da Balsa de Transporte', 'balsa'),
  mocRule(
    'Y01-10',
    '760',
    'NFC-e com dados de cobrança (Fatura, Duplicata)',
    'Y',
    nfce,
    'obrigatoria',
    'NFC-e sem cobr.',
    (d) => when(!!child(d.infNFe, 'cobr'), { campo: `${root}/cobr` }),
  ),
  {
    ...mocRule(
      'Y01-20',
      '905',
      'Campos do grupo Fatura não informados',
      'Y',
      nfe,
      'obrigatoria',
      'Grupo cobr com fat/nFat, fat/vOrig e fat/vLiq (produção desde 03/09/2018).',
      (d) => {
        const cobr = child(d.infNFe, 'cobr');
        const missing = ['nFat', 'vOrig', 'vLiq'].filter((t) => text(cobr, `fat/${t}`) === undefined);
        return when(!!cobr && missing.length > 0, { campo: `${root}/cobr/fat`, esperado: missing.join(', ') });
      },
    ),
    vigencia: { producao: { desde: '2018-09-03' }, homologacao: { desde: null } },
  },
  mocRule(
    'Y05-10',
    '901',
    'Valor do Desconto da Fatura maior que Valor Original da Fatura',
    'Y',
    nfe,
    'obrigatoria',
    'fat/vDesc até fat/vOrig (não informado vale zero).',
    (d) => {
      const fat = at(d, 'cobr/fat');
      const desc = cents(text(fat, 'vDesc')) ?? 0;
      const orig = cents(text(fat, 'vOrig')) ?? 0;
      return when(!!fat && desc > orig, {
        campo: `${root}/cobr/fat/vDesc`,
        esperado: `até ${showCents(orig)}`,
        encontrado: showCents(desc),
      });
    },
  ),
  mocRule(
    'Y06-10',
    '902',
    'Valor Liquido da Fatura difere do Valor Original menos o Valor do Desconto',
    'Y',
    nfe,
    'obrigatoria',
    'Com vLiq e vOrig: vLiq = vOrig − vDesc.',
    (d) => {
      const fat = at(d, 'cobr/fat');
      const liq = cents(text(fat, 'vLiq'));
      const orig = cents(text(fat, 'vOrig'));
      if (liq === null || orig === null) return [];
      const expected = orig - (cents(text(fat, 'vDesc')) ?? 0);
      return when(liq !== expected, {
        campo: `${root}/cobr/fat/vLiq`,
        esperado: showCents(expected),
        encontrado: showCents(liq),
      });
    },
  ),
  mocRule(
    'Y08-10',
    '852',
    'Número da parcela inválido ou não informado [nOcor: 999]',
    'Y',
    nfe,
    'obrigatoria',
    'nDup com 3 algarismos, sequenciais e consecutivos: 001, 002, 003 …',
    (d) =>
      dups(d).flatMap((dup, i) => {
        const n = text(dup, 'nDup');
        const expected = String(i + 1).padStart(3, '0');
        return n === expected
          ? []
          : [{ campo: `${root}/cobr/dup[${i + 1}]/nDup`, esperado: expected, encontrado: n ?? 'não informado' }];
      }),
  ),
  mocRule(
    'Y09-20',
    '900',
    'Data de vencimento da parcela não informada ou menor que Data de Emissão [nOcor: 999]',
    'Y',
    nfe,
    'obrigatoria',
    'dVenc de cada parcela informado e não anterior à data de emissão.',
    (d) =>
      dups(d).flatMap((dup, i) => {
        const v = text(dup, 'dVenc');
        return !v || (d.emissao && v < d.emissao)
          ? [
              {
                campo: `${root}/cobr/dup[${i + 1}]/dVenc`,
                esperado: `a partir de ${d.emissao}`,
                encontrado: v ?? 'não informado',
              },
            ]
          : [];
      }),
  ),
  mocRule(
    'Y09-30',
    '850',
    'Data de vencimento da parcela não informada ou menor que a Data de vencimento da parcela anterior [nOcor: 999]',
    'Y',
    nfe,
    'obrigatoria',
    'dVenc de cada parcela informado e não anterior ao da parcela anterior.',
    (d) =>
      dups(d).flatMap((dup, i, all) => {
        const v = text(dup, 'dVenc');
        const prev = i > 0 ? text(all[i - 1], 'dVenc') : undefined;
        return !v || (prev && v < prev)
          ? [
              {
                campo: `${root}/cobr/dup[${i + 1}]/dVenc`,
                esperado: prev ? `a partir de ${prev}` : undefined,
                encontrado: v ?? 'não informado',
              },
            ]
          : [];
      }),
  ),
  mocRule(
    'Y10-10',
    '851',
    'Soma do valor das parcelas difere do Valor Líquido da Fatura',
    'Y',
    nfe,
    'obrigatoria',
    'Com parcelas (dup) e fat/vLiq: soma de vDup = vLiq.',
    (d) => {
      const liq = cents(text(d.infNFe, 'cobr/fat/vLiq'));
      const list = dups(d);
      if (liq === null || list.length === 0) return [];
      const sum = list.reduce((s, dup) => s + (cents(text(dup, 'vDup')) ?? 0), 0);
      return when(sum !== liq, { campo: `${root}/cobr/dup`, esperado: showCents(liq), encontrado: showCents(sum) });
    },
  ),
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
  mocRule(
    'ZA01-10',
    '355',
    'Informar o local de saída do Pais no caso da exportação',
    'ZA',
    nfe,
    'obrigatoria',
    'Exportação (tpNF=1, idDest=3) com o grupo exporta.',
    (d) =>
      when(ide(d, 'tpNF') === '1' && ide(d, 'idDest') === '3' && !child(d.infNFe, 'exporta'), {
        campo: `${root}/exporta`,
      }),
  ),
  mocRule(
    'ZA01-20',
    '356',
    'Informar o local de saída do Pais somente no caso da exportação',
    'ZA',
    nfe,
    'obrigatoria',
    'Grupo exporta só na exportação (tpNF=1 e idDest=3).',
    (d) =>
      when(!!child(d.infNFe, 'exporta') && (ide(d, 'tpNF') === '0' || ide(d, 'idDest') !== '3'), {
        campo: `${root}/exporta`,
      }),
  ),
  mocRule(
    'ZA01-30',
    '814',
    'Nota Fiscal com grupo de comércio exterior',
    'ZA',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo exporta.',
    (d) => when(!!child(d.infNFe, 'exporta'), { campo: `${root}/exporta` }),
  ),
  mocRule(
    'ZB01-10',
    '762',
    'NFC-e com dados de compras (Empenho, Pedido, Contrato)',
    'ZB',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo compra.',
    (d) => when(!!child(d.infNFe, 'compra'), { campo: `${root}/compra` }),
  ),
  mocRule(
    'ZB02-10',
    '359',
    'NF-e de venda a Órgão Público sem informar a Nota de Empenho',
    'ZB',
    nfe,
    'facultativa',
    'Desoneração por venda a órgão público (motDesICMS=8) com compra/xNEmp (regra opcional, a critério da UF).',
    (d) =>
      when(d.items.some((it) => text(it.icms, 'motDesICMS') === '8') && !text(d.infNFe, 'compra/xNEmp'), {
        campo: `${root}/compra/xNEmp`,
      }),
  ),
  mocRule(
    'ZC01-10',
    '763',
    'NFC-e com dados de aquisição de Cana',
    'ZC',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo cana.',
    (d) => when(!!child(d.infNFe, 'cana'), { campo: `${root}/cana` }),
  ),
  mocRule(
    'J01-10',
    '736',
    'NFC-e com grupo de Veículos novos',
    'J',
    nfce,
    'obrigatoria',
    'NFC-e sem veicProd.',
    perItem((it) => (child(it.prod, 'veicProd') ? { campo: `${it.path}/prod/veicProd` } : null)),
  ),
  mocRule(
    'K01-20',
    '873',
    'Operação com medicamentos e não informado os campos de rastreabilidade [nItem: 999]',
    'K',
    nfe,
    'obrigatoria',
    'Item com o grupo med informa o grupo rastro.',
    perItem((it) => (child(it.prod, 'med') && !child(it.prod, 'rastro') ? { campo: `${it.path}/prod/rastro` } : null)),
  ),
  mocRule(
    'L01-10',
    '738',
    'NFC-e com grupo de Armamentos',
    'L',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo arma.',
    perItem((it) => (child(it.prod, 'arma') ? { campo: `${it.path}/prod/arma` } : null)),
  ),
  mocRule(
    'LA03c-10',
    '461',
    'Informado campos de percentual de GLP e/ou GLGNn e/ou GLGNi para produto diferente de GLP [nItem: 999]',
    'LA',
    both,
    'obrigatoria',
    'pGLP, pGNn e pGNi só para o GLP (cProdANP 210203001).',
    perItem((it) => {
      const comb = child(it.prod, 'comb');
      const pct = ['pGLP', 'pGNn', 'pGNi'].some((t) => text(comb, t) !== undefined);
      return comb && pct && text(comb, 'cProdANP') !== '210203001'
        ? { campo: `${it.path}/prod/comb/pGLP`, encontrado: text(comb, 'cProdANP') }
        : null;
    }),
  ),
  mocRule(
    'LA03c-20',
    '855',
    'Somatório percentuais de GLP derivado do petróleo, GLGNn e GLGNi diferente de 100 [nItem: 999].',
    'LA',
    both,
    'obrigatoria',
    'GLP (cProdANP 210203001): pGLP + pGNn + pGNi = 100.',
    perItem((it) => {
      const comb = child(it.prod, 'comb');
      if (text(comb, 'cProdANP') !== '210203001') return null;
      const sum = ['pGLP', 'pGNn', 'pGNi'].reduce((s, t) => s + Math.round(Number(text(comb, t) ?? 0) * 1e4), 0);
      return sum === 100e4
        ? null
        : { campo: `${it.path}/prod/comb/pGLP`, esperado: '100', encontrado: (sum / 1e4).toFixed(4) };
    }),
  ),
  mocRule(
    'LA03d-10',
    '856',
    'Campo valor de partida não preenchido para produto GLP [nItem: 999].',
    'LA',
    nfe,
    'obrigatoria',
    'GLP (cProdANP 210203001) informa vPart.',
    perItem((it) =>
      text(it.prod, 'comb/cProdANP') === '210203001' && text(it.prod, 'comb/vPart') === undefined
        ? { campo: `${it.path}/prod/comb/vPart` }
        : null,
    ),
  ),
  mocRule(
    'LA11-20',
    '379',
    'Grupo de Encerrante na NF-e (modelo 55) para CFOP diferente de venda de combustível para consumidor final [nItem:nnn]',
    'LA',
    nfe,
    'obrigatoria',
    'encerrante só com CFOP 5.656 ou 5.667.',
    perItem((it) =>
      child(child(it.prod, 'comb'), 'encerrante') && !['5656', '5667'].includes(text(it.prod, 'CFOP') ?? '')
        ? { campo: `${it.path}/prod/comb/encerrante`, encontrado: text(it.prod, 'CFOP') }
        : null,
    ),
  ),
  mocRule(
    'LA16-10',
    '380',
    'Valor do Encerrante final não é superior ao Encerrante inicial',
    'LA',
    both,
    'obrigatoria',
    'encerrante/vEncFin maior que vEncIni.',
    perItem((it) => {
      const enc = child(child(it.prod, 'comb'), 'encerrante');
      const ini = Number(text(enc, 'vEncIni'));
      const fin = Number(text(enc, 'vEncFin'));
      return enc && Number.isFinite(ini) && Number.isFinite(fin) && !(fin > ini)
        ? {
            campo: `${it.path}/prod/comb/encerrante/vEncFin`,
            esperado: `> ${text(enc, 'vEncIni')}`,
            encontrado: text(enc, 'vEncFin'),
          }
        : null;
    }),
  ),
  mocRule(
    'LB01-10',
    '348',
    'NFC-e com grupo RECOPI',
    'LB',
    nfce,
    'obrigatoria',
    'NFC-e sem nRECOPI.',
    perItem((it) => (child(it.prod, 'nRECOPI') ? { campo: `${it.path}/prod/nRECOPI` } : null)),
  ),
];
