import { cfopOf, type ItemView, type NfeView } from './nfe-view.js';
import { always, moc } from './sources.js';
import type { Finding, Rule, RuleContext } from './types.js';
import { text } from './xml-node.js';

/**
 * Rules that consult the Portal's CFOP table (reference-data/cfop-indicadores.tsv, IT 2023.002), MOC 7.0 annex I rows
 * as read in the public transcription of the annex (decision 069): I08-04, I08-140, I08-144, LA01-20 and N12-70.
 */
const dateOf = (doc: NfeView, ctx: RuleContext) => doc.emissao ?? ctx.data;

/** N12-70: the CSTs of an operation with a non-taxpayer. */
const NON_TAXPAYER_CSTS = new Set(['00', '20', '40', '41', '60']);
/** N12-70 exceção 5: ANP codes that are not petroleum derivatives (biofuels, ethanol, natural gas …). */
export const NOT_PETROLEUM_ANP = new Set([
  '820101001',
  '820101010',
  '810102001',
  '810102004',
  '810102002',
  '810102003',
  '810101002',
  '810101001',
  '810101003',
  '220101003',
  '220101004',
  '220101002',
  '220101001',
  '220101005',
  '220101006',
  '560101001',
]);

function acceptedForNonTaxpayer(doc: NfeView, it: ItemView, cst: string, ctx: RuleContext): boolean {
  if (NON_TAXPAYER_CSTS.has(cst)) return true;
  const cfop = cfopOf(it);
  const idDest = text(doc.ide, 'idDest');
  if (cst === '50') {
    // Exceção 2: retorno (indRetor) or remessa (indRemes) CFOPs, and 5.949/6.949. Without the table the
    // indicators are unknown: the item is not judged rather than rejected on a guess.
    if (cfop === '5949' || cfop === '6949') return true;
    const row = ctx.tabelas?.cfop?.(cfop);
    if (!ctx.tabelas?.cfop || row?.indRetor || row?.indRemes) return true;
  }
  // Exceção 6: suspension and deferral on a return of goods.
  if ((cst === '50' || cst === '51') && text(doc.ide, 'finNFe') === '4') return true;
  // Exceção 7: deferral with CFOP 5.123, 5.922, 6.123, 6.922, and internal returns from a warehouse (5.906, 5.907).
  if (
    cst === '51' &&
    (['5123', '5922', '6123', '6922'].includes(cfop) || (idDest === '1' && ['5906', '5907'].includes(cfop)))
  )
    return true;
  // Exceção 5: CST 30 in an interstate sale of petroleum-derived fuel.
  if (cst === '30' && idDest === '2') {
    const anp = text(it.prod, 'comb/cProdANP');
    if (anp && !NOT_PETROLEUM_ANP.has(anp)) return true;
  }
  // Exceção 8 ("a critério da UF"): CST 10 in an internal operation; an offline check cannot know the UF's choice.
  if (cst === '10' && idDest === '1') return true;
  // NT 2023.003 (read in a summary of the NTs that changed N12-70, not in the rule's own text): CE accepts CST 90 with
  // CFOP 5.403/5.405. Accepted, never rejected on a row not read.
  if (cst === '90' && text(doc.emit, 'enderEmit/UF') === 'CE' && (cfop === '5403' || cfop === '5405')) return true;
  return false;
}

/** The CFOP table's row, or undefined when the caller has no table (the rule is then not judged). */
const rowOf = (ctx: RuleContext, it: ItemView) => ctx.tabelas?.cfop?.(cfopOf(it));

export const cfopRules: Rule[] = [
  {
    id: 'I08-04',
    codigo: '770',
    mensagem: 'Rejeição: CFOP Inexistente [nItem:nnn]',
    grupo: 'I',
    modelos: ['55', '65'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao:
      'CFOP existente e em vigor na data na tabela de apoio do Portal (IT 2023.002) e utilizável na NF-e (indNFe=1).',
    tabelas: ['cfop'],
    verificar(doc, ctx) {
      const table = ctx.tabelas?.cfop;
      if (!table) return [];
      const date = dateOf(doc, ctx);
      const out: Finding[] = [];
      for (const it of doc.items) {
        const cfop = cfopOf(it);
        const row = table.call(ctx.tabelas, cfop);
        const valid = row?.indNFe && row.inicio <= date && (row.fim === null || row.fim >= date);
        if (!valid)
          out.push({
            campo: `${it.path}/prod/CFOP`,
            nItem: it.nItem,
            esperado: 'CFOP da tabela do Portal da NF-e em vigor na data, com indNFe=1',
            encontrado: row && !row.indNFe ? `${cfop} (indNFe=0)` : cfop,
          });
      }
      return out;
    },
  },
  {
    id: 'N12-70',
    codigo: '508',
    mensagem: 'Rejeição: CST incompatível na operação com Não Contribuinte [nItem: 999]',
    grupo: 'N',
    modelos: ['55'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    // Exceção 4: not applied in production to documents issued before 01/07/2016.
    vigencia: { producao: { desde: '2016-07-01' }, homologacao: { desde: null } },
    fonte: moc('N'),
    descricao:
      'Destinatário não contribuinte (indIEDest=9), NF-e de saída: CST 00, 20, 40, 41 ou 60; exceções 1–8 do MOC ' +
      '(CST 50 com CFOP de retorno/remessa da tabela do Portal ou 5.949/6.949; veículos novos; CST 30 de combustível ' +
      'derivado de petróleo interestadual; 50/51 em devolução; 51 com 5.123/5.922/6.123/6.922 ou 5.906/5.907 interna; ' +
      'CST 10 interna, a critério da UF, aceita).',
    verificar(doc, ctx) {
      if (text(doc.dest, 'indIEDest') !== '9' || text(doc.ide, 'tpNF') === '0') return [];
      if (doc.items.some((it) => it.prod?.children.some((c) => c.name === 'veicProd'))) return [];
      const out: Finding[] = [];
      for (const it of doc.items) {
        const cst = text(it.icms, 'CST');
        if (cst === undefined || acceptedForNonTaxpayer(doc, it, cst, ctx)) continue;
        out.push({
          campo: `${it.path}/imposto/ICMS/${it.icms?.name ?? 'ICMS'}/CST`,
          nItem: it.nItem,
          esperado: '00, 20, 40, 41 ou 60 (não contribuinte)',
          encontrado: `${cst} (CFOP ${cfopOf(it)})`,
        });
      }
      return out;
    },
  },
  {
    id: 'I08-140',
    codigo: '327',
    mensagem: 'Rejeição: CFOP inválido para Nota Fiscal com finalidade de devolução de mercadoria[nItem:nnn]',
    grupo: 'I',
    modelos: ['55'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao:
      'Devolução (finNFe=4): só CFOP de devolução (tabela do Portal, indDevol=1); aceitos 1.949/2.949 (exceção 1, sem ' +
      'exigir indIEDest=9, que NTs posteriores não leram aqui relaxaram) e 5.949/6.949 com gás natural (NCM 27112100, ' +
      'exceção 2). As listas do MEI (NT 2024.001, I08-141) não são conferidas.',
    tabelas: ['cfop'],
    verificar(doc, ctx) {
      if (text(doc.ide, 'finNFe') !== '4' || !ctx.tabelas?.cfop) return [];
      const out: Finding[] = [];
      for (const it of doc.items) {
        const cfop = cfopOf(it);
        if (rowOf(ctx, it)?.indDevol || cfop === '1949' || cfop === '2949') continue;
        if ((cfop === '5949' || cfop === '6949') && text(it.prod, 'NCM') === '27112100') continue;
        out.push({
          campo: `${it.path}/prod/CFOP`,
          nItem: it.nItem,
          esperado: 'CFOP de devolução (indDevol=1)',
          encontrado: cfop,
        });
      }
      return out;
    },
  },
  {
    id: 'I08-144',
    codigo: '328',
    mensagem:
      'Rejeição: CFOP de devolução de mercadoria para NF-e que não tem finalidade de devolução de mercadoria [nItem:nnn]',
    grupo: 'I',
    modelos: ['55'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao:
      'NF-e normal ou de ajuste (finNFe 1 ou 3): nenhum CFOP de devolução (indDevol=1). As notas de crédito e débito ' +
      '(finNFe 5 e 6, NT 2025.002 v1.51, texto não lido) não são julgadas.',
    tabelas: ['cfop'],
    verificar(doc, ctx) {
      const fin = text(doc.ide, 'finNFe') ?? '1';
      if ((fin !== '1' && fin !== '3') || !ctx.tabelas?.cfop) return [];
      return doc.items
        .filter((it) => rowOf(ctx, it)?.indDevol)
        .map((it) => ({
          campo: `${it.path}/prod/CFOP`,
          nItem: it.nItem,
          esperado: `CFOP que não seja de devolução (finNFe=${fin})`,
          encontrado: cfopOf(it),
        }));
    },
  },
  {
    id: 'LA01-20',
    codigo: '660',
    mensagem: 'Rejeição: CFOP de Combustível e não informado grupo de combustível da NF-e [nItem: nnn]',
    grupo: 'I',
    modelos: ['55', '65'],
    aplicacao: 'facultativa',
    efeito: 'rejeicao',
    // Observação: for the NFC-e, not applied in production before 01/01/2016 (the NF-e always).
    vigencia: always,
    fonte: moc('LA'),
    descricao: 'CFOP com indComb=1 ou 2 na tabela do Portal exige o grupo comb no item.',
    tabelas: ['cfop'],
    verificar(doc, ctx) {
      if (!ctx.tabelas?.cfop) return [];
      return doc.items
        .filter((it) => (rowOf(ctx, it)?.indComb ?? 0) > 0 && !it.prod?.children.some((c) => c.name === 'comb'))
        .map((it) => ({
          campo: `${it.path}/prod/comb`,
          nItem: it.nItem,
          esperado: `grupo comb (CFOP ${cfopOf(it)}, indComb=${rowOf(ctx, it)?.indComb})`,
          encontrado: 'ausente',
        }));
    },
  },
];
