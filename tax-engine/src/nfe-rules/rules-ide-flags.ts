import type { NfeView } from './nfe-view.js';
import { ide, root } from './nfe-view.js';
import { has, ibgeUfCode, mocRule, when } from './rule-factory.js';
import { fromNt2019001 } from './sources.js';
import type { Rule } from './types.js';
import { child, children, text } from './xml-node.js';

/**
 * Group B (ide) and BA01 of MOC 7.0 annex I: the document's own flags (cNF, tpImp, tpEmis, finNFe, indPres,
 * indIntermed, procEmi and série, contingency), rows read in full in a public markdown transcription of the annex's
 * tables (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;
const B = `${root}/ide`;
const flag = (tag: string, d: NfeView, expected?: string) => ({
  campo: `${B}/${tag}`,
  esperado: expected,
  encontrado: ide(d, tag),
});

const sequences = new Set([
  '00000000',
  '11111111',
  '22222222',
  '33333333',
  '44444444',
  '55555555',
  '66666666',
  '77777777',
  '88888888',
  '99999999',
  '12345678',
  '23456789',
  '34567890',
  '45678901',
  '56789012',
  '67890123',
  '78901234',
  '89012345',
  '90123456',
  '01234567',
]);
const serie = (d: NfeView) => Number(ide(d, 'serie'));
const byFisco = (d: NfeView) => ['1', '2'].includes(ide(d, 'procEmi') ?? '');
const remote = (d: NfeView) => ['2', '3', '4', '9'].includes(ide(d, 'indPres') ?? '');
/**
 * B25c-10 and B25c-20 as NT 2020.006 left them (v1.31, §4.1), later than the MOC 7.0 rows: B25c-10 only for an exit
 * NF-e of finNFe 1 and not for the CFOP of its exception 1 (electricity and communication), in production from
 * 04/04/2022 (v1.30); B25c-20 refuses indIntermed=1 only outside indPres 1, 2, 3, 4 and 9 (v1.10 added indPres 1).
 * An NFC-e authorised in ES in 2023 with indPres 1 and indIntermed 0 was reported by the MOC's older B25c-20.
 */
const nt2020006 = {
  documento: 'NT 2020.006',
  versao: '1.31',
  secao: 'Detalhamento das Validações, 4.1 B. Identificação da Nota Fiscal eletrônica',
  url: 'https://www.nfe.fazenda.gov.br/portal/listaConteudo.aspx?tipoConteudo=04BIflQt1aY=',
};
// Exception 1 of B25c-10: CFOP 5205–5207, 5251–5258 and 5301–5307 (electricity and communication).
const intermedExempt = new Set(
  [5205, 5206, 5207, 5251, 5252, 5253, 5254, 5255, 5256, 5257, 5258, 5301, 5302, 5303, 5304, 5305, 5306, 5307].map(
    String,
  ),
);

export const ideFlagRules: Rule[] = [
  {
    ...mocRule(
      'B03-10',
      '897',
      'Código numérico em formato inválido.',
      'B',
      both,
      'obrigatoria',
      'cNF não é uma das sequências vedadas (00000000, 12345678 …) nem igual a nNF.',
      (d) => {
        const cNF = ide(d, 'cNF') ?? '';
        const bad = sequences.has(cNF) || (/^\d+$/.test(cNF) && Number(cNF) === Number(ide(d, 'nNF')));
        return when(bad, flag('cNF', d));
      },
    ),
    vigencia: fromNt2019001,
  },
  mocRule('B10-10', '705', 'NFC-e com data de entrada/saída', 'B', nfce, 'obrigatoria', 'NFC-e sem dhSaiEnt.', (d) =>
    when(has(d.ide, 'dhSaiEnt'), flag('dhSaiEnt', d)),
  ),
  mocRule(
    'B11-10',
    '706',
    'NFC-e para operação de entrada',
    'B',
    nfce,
    'obrigatoria',
    'NFC-e de saída (tpNF=1).',
    (d) => when(ide(d, 'tpNF') === '0', flag('tpNF', d, '1')),
  ),
  mocRule(
    'B11a-10',
    '707',
    'NFC-e para operação interestadual ou com o exterior',
    'B',
    nfce,
    'obrigatoria',
    'NFC-e de operação interna (idDest=1).',
    (d) => when(ide(d, 'idDest') !== '1', flag('idDest', d, '1')),
  ),
  mocRule(
    'B12-20',
    '271',
    'Código Município do Fato Gerador: difere da UF do emitente',
    'B',
    both,
    'obrigatoria',
    'As duas primeiras posições de cMunFG são o código da UF do emitente (cUF).',
    (d) => {
      const cMun = ide(d, 'cMunFG');
      const code = ide(d, 'cUF') ?? ibgeUfCode(text(d.emit, 'enderEmit/UF'));
      return when(!!cMun && !!code && /^\d{7}$/.test(cMun) && cMun.slice(0, 2) !== code, flag('cMunFG', d, `${code}…`));
    },
  ),
  mocRule(
    'B21-10',
    '709',
    'NFC-e com formato de DANFE inválido',
    'B',
    nfce,
    'obrigatoria',
    'NFC-e com tpImp 4 ou 5.',
    (d) => when(!['4', '5'].includes(ide(d, 'tpImp') ?? ''), flag('tpImp', d, '4 ou 5')),
  ),
  mocRule(
    'B21-20',
    '710',
    'NF-e com formato de DANFE inválido',
    'B',
    nfe,
    'obrigatoria',
    'NF-e sem tpImp 4 ou 5.',
    (d) => when(['4', '5'].includes(ide(d, 'tpImp') ?? ''), flag('tpImp', d)),
  ),
  mocRule('B22-10', '711', 'NF-e com contingência off-line', 'B', nfe, 'obrigatoria', 'NF-e sem tpEmis=9.', (d) =>
    when(ide(d, 'tpEmis') === '9', flag('tpEmis', d)),
  ),
  // B22-34, "Facult.": the row rejects tpEmis 2, 4 "(a critério da UF)" or 5 and notes that EPEC (4) may be accepted
  // at the UF's choice; 4 is left to the UF, so only FS (2) and FS-DA (5) are judged.
  mocRule(
    'B22-34',
    '714',
    'NFC-e com contingência inválida (tpEmis=2, 4 (a critério da UF) ou 5)',
    'B',
    nfce,
    'facultativa',
    'NFC-e sem contingência FS (tpEmis=2) ou FS-DA (tpEmis=5); EPEC (4) a critério da UF, não julgada.',
    (d) => {
      const t = ide(d, 'tpEmis');
      return when(t === '2' || t === '5', flag('tpEmis', d));
    },
  ),
  mocRule(
    'B25-20',
    '715',
    'NFC-e com finalidade inválida',
    'B',
    nfce,
    'obrigatoria',
    'NFC-e com finNFe=1 (normal).',
    (d) => when(ide(d, 'finNFe') !== '1', flag('finNFe', d, '1')),
  ),
  mocRule(
    'B25a-10',
    '716',
    'NFC-e em operação não destinada a consumidor final',
    'B',
    nfce,
    'obrigatoria',
    'NFC-e com indFinal=1.',
    (d) => when(ide(d, 'indFinal') === '0', flag('indFinal', d, '1')),
  ),
  mocRule(
    'B25b-40',
    '864',
    'NF-e com indicativo de Operação presencial, fora do estabelecimento e não informada NF referenciada',
    'B',
    nfe,
    'obrigatoria',
    'Operação presencial fora do estabelecimento (indPres=5) referencia uma NF-e (refNFe) ou NF (refNF).',
    (d) => {
      const refs =
        children(d.ide, 'NFref').some((r) => child(r, 'refNFe') || child(r, 'refNF')) ||
        d.items.some((it) => !!child(it.node, 'DFeReferenciado'));
      return when(ide(d, 'indPres') === '5' && !refs, { campo: `${B}/NFref`, encontrado: 'indPres 5' });
    },
  ),
  {
    ...mocRule(
      'B25c-10',
      '434',
      'NF-e sem indicativo do intermediador (NT 2020.006)',
      'B',
      both,
      'obrigatoria',
      'Saída normal (tpNF 1, finNFe 1) com indPres 2, 3, 4 ou 9 exige indIntermed, salvo os CFOP de energia e comunicação da exceção (NT 2020.006 v1.30: homologação 23/08/2021, produção 04/04/2022).',
      (d) =>
        when(
          remote(d) &&
            ide(d, 'tpNF') === '1' &&
            ide(d, 'finNFe') === '1' &&
            !d.items.some((it) => intermedExempt.has(text(it.prod, 'CFOP') ?? '')) &&
            !has(d.ide, 'indIntermed'),
          { campo: `${B}/indIntermed`, encontrado: `indPres ${ide(d, 'indPres')}` },
        ),
    ),
    vigencia: { producao: { desde: '2022-04-04' }, homologacao: { desde: '2021-08-23' } },
    fonte: nt2020006,
  },
  {
    ...mocRule(
      'B25c-20',
      '435',
      'NF-e não pode ter o indicativo do intermediador (NT 2020.006)',
      'B',
      both,
      'obrigatoria',
      'indIntermed=1 só com indPres 1, 2, 3, 4 ou 9 (NT 2020.006 v1.10; homologação 01/02/2021, produção 01/09/2021).',
      (d) =>
        when(!['1', '2', '3', '4', '9'].includes(ide(d, 'indPres') ?? '') && ide(d, 'indIntermed') === '1', {
          campo: `${B}/indIntermed`,
          encontrado: `indPres ${ide(d, 'indPres')}`,
        }),
    ),
    vigencia: { producao: { desde: '2021-09-01' }, homologacao: { desde: '2021-02-01' } },
    fonte: nt2020006,
  },
  mocRule(
    'B26-10',
    '244',
    'Processo de Emissão pelo Contribuinte incompatível com a Série da NF',
    'B',
    both,
    'obrigatoria',
    'Emissão pelo contribuinte (procEmi diferente de 1 e 2): série de 0 a 889 ou de 920 a 969.',
    (d) => {
      const s = serie(d);
      return when(
        !byFisco(d) && !((s >= 0 && s <= 889) || (s >= 920 && s <= 969)),
        flag('serie', d, '0–889 ou 920–969'),
      );
    },
  ),
  mocRule(
    'B26-20',
    '451',
    'Processo de Emissão pelo Fisco incompatível com a Série da NF',
    'B',
    both,
    'obrigatoria',
    'Emissão pelo Fisco (procEmi 1 ou 2): série de 890 a 919 (NF-e avulsa).',
    (d) => when(byFisco(d) && !(serie(d) >= 890 && serie(d) <= 919), flag('serie', d, '890–919')),
  ),
  mocRule(
    'B26-30',
    '370',
    'Processo de emissão pelo Fisco com Tipo de Emissão inválido',
    'B',
    both,
    'obrigatoria',
    'Emissão pelo Fisco (procEmi 1 ou 2): tpEmis 1, 6 ou 7.',
    (d) => when(byFisco(d) && !['1', '6', '7'].includes(ide(d, 'tpEmis') ?? ''), flag('tpEmis', d, '1, 6 ou 7')),
  ),
  mocRule(
    'B28-10',
    '556',
    'Justificativa de entrada em contingência não deve ser informada para tipo de emissão normal',
    'B',
    both,
    'obrigatoria',
    'Emissão normal (tpEmis=1) sem dhCont e xJust.',
    (d) => when(ide(d, 'tpEmis') === '1' && (has(d.ide, 'dhCont') || has(d.ide, 'xJust')), { campo: `${B}/xJust` }),
  ),
  mocRule(
    'B28-20',
    '557',
    'A Justificativa de entrada em contingência deve ser informada',
    'B',
    both,
    'obrigatoria',
    'Contingência DPEC/EPEC, formulário de segurança ou off-line (tpEmis 2, 4, 5 ou 9) informa dhCont e xJust.',
    (d) =>
      when(['2', '4', '5', '9'].includes(ide(d, 'tpEmis') ?? '') && !(has(d.ide, 'dhCont') && has(d.ide, 'xJust')), {
        campo: `${B}/xJust`,
        encontrado: `tpEmis ${ide(d, 'tpEmis')}`,
      }),
  ),
  mocRule(
    'BA01-10',
    '708',
    'NFC-e não pode referenciar documento fiscal',
    'BA',
    nfce,
    'obrigatoria',
    'NFC-e sem NFref.',
    (d) => when(!!child(d.ide, 'NFref'), { campo: `${B}/NFref` }),
  ),
];
