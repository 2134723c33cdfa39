import { accessKeyDigit, isValidCnpj, keyModel } from './check-digits.js';
import { cfopOf, type ItemView, type NfeView } from './nfe-view.js';
import { mocRule, perItem } from './rule-factory.js';
import type { Rule } from './types.js';
import { child, children, text } from './xml-node.js';

/**
 * Group I of MOC 7.0 annex I: the import declaration (DI, adi) and the export group (detExport, exportInd). Rows read in
 * a public transcription of the annex (decision 072); those marked "implementação futura" (I19-10, I29a-20, I51-20,
 * I53-10) are not here.
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
/**
 * The documents the NF-e references: ide/NFref and, from PL_010 (NT 2025.002), det/DFeReferenciado. A reference at
 * item level is accepted too: the book accepts rather than rejects where the NT's text on it was not read.
 */
const refKeys = (d: NfeView) => [
  ...children(d.ide, 'NFref').map((r) => text(r, 'refNFe')),
  ...d.items.map((it) => text(it.node, 'DFeReferenciado/chaveAcesso')),
];
const exportInds = (it: ItemView) =>
  children(it.prod, 'detExport')
    .map((e) => child(e, 'exportInd'))
    .filter((x) => !!x);

export const importExportRules: Rule[] = [
  mocRule(
    'I23b-10',
    '330',
    'Informar o Valor da AFRMM na importação por via marítima',
    'I',
    nfe,
    'obrigatoria',
    'DI com via de transporte marítima (tpViaTransp=1) informa vAFRMM.',
    (d) =>
      d.items.flatMap((it) =>
        children(it.prod, 'DI')
          .filter((di) => text(di, 'tpViaTransp') === '1' && !child(di, 'vAFRMM'))
          .map(() => ({ campo: `${it.path}/prod/DI/vAFRMM`, nItem: it.nItem })),
      ),
  ),
  mocRule(
    'I23d-10',
    '331',
    'Informar o CNPJ do adquirente ou do encomendante nesta forma de importação',
    'I',
    nfe,
    'obrigatoria',
    'Importação por conta e ordem ou encomenda (tpIntermedio=2 ou 3) informa o CNPJ do adquirente.',
    (d) =>
      d.items.flatMap((it) =>
        children(it.prod, 'DI')
          .filter(
            (di) => ['2', '3'].includes(text(di, 'tpIntermedio') ?? '') && !child(di, 'CNPJ') && !child(di, 'CPF'),
          )
          .map(() => ({ campo: `${it.path}/prod/DI/CNPJ`, nItem: it.nItem })),
      ),
  ),
  mocRule(
    'I23d-20',
    '332',
    'CNPJ do adquirente ou do encomendante da importação inválido',
    'I',
    nfe,
    'obrigatoria',
    'CNPJ do adquirente ou encomendante da DI com dígitos válidos.',
    (d) =>
      d.items.flatMap((it) =>
        children(it.prod, 'DI')
          .map((di) => text(di, 'CNPJ'))
          .filter((c): c is string => c !== undefined && !isValidCnpj(c))
          .map((c) => ({ campo: `${it.path}/prod/DI/CNPJ`, nItem: it.nItem, encontrado: c })),
      ),
  ),
  mocRule(
    'I23e-10',
    '333',
    'Informar a UF do adquirente ou do encomendante nesta forma de importação',
    'I',
    nfe,
    'obrigatoria',
    'Importação por conta e ordem ou encomenda (tpIntermedio=2 ou 3) informa UFTerceiro.',
    (d) =>
      d.items.flatMap((it) =>
        children(it.prod, 'DI')
          .filter((di) => ['2', '3'].includes(text(di, 'tpIntermedio') ?? '') && !child(di, 'UFTerceiro'))
          .map(() => ({ campo: `${it.path}/prod/DI/UFTerceiro`, nItem: it.nItem })),
      ),
  ),
  mocRule(
    'I29a-10',
    '334',
    'Número do processo de drawback não informado na importação',
    'I',
    nfe,
    'obrigatoria',
    'CFOP 3.127 ou 3.211: número do processo de drawback (nDraw) na adição da DI.',
    perItem((it) => {
      if (!['3127', '3211'].includes(cfopOf(it))) return null;
      const adis = children(it.prod, 'DI').flatMap((di) => children(di, 'adi'));
      return !adis.some((a) => child(a, 'nDraw'))
        ? { campo: `${it.path}/prod/DI/adi/nDraw`, encontrado: cfopOf(it) }
        : null;
    }),
  ),
  mocRule(
    'I50-10',
    '336',
    'Informado o grupo de exportação no item em operação que não é com exterior [nItem: nnn]',
    'I',
    both,
    'obrigatoria',
    'detExport só em operação com o exterior (idDest=3).',
    perItem((it, d) =>
      child(it.prod, 'detExport') && text(d.ide, 'idDest') !== '3'
        ? { campo: `${it.path}/prod/detExport`, encontrado: `idDest ${text(d.ide, 'idDest')}` }
        : null,
    ),
  ),
  mocRule(
    'I51-10',
    '338',
    'Número do processo de drawback não informado na exportação',
    'I',
    nfe,
    'obrigatoria',
    'CFOP 7.127 ou 7.211 (drawback) informa detExport/nDraw.',
    perItem((it) =>
      ['7127', '7211'].includes(cfopOf(it)) && !children(it.prod, 'detExport').some((e) => child(e, 'nDraw'))
        ? { campo: `${it.path}/prod/detExport/nDraw`, encontrado: cfopOf(it) }
        : null,
    ),
  ),
  mocRule(
    'I52-10',
    '340',
    'Não informado o grupo de exportação indireta no item',
    'I',
    nfe,
    'facultativa',
    'CFOP 3.503 ou 7.501 informa detExport/exportInd (não se aplica à NF-e complementar).',
    perItem((it, d) =>
      ['3503', '7501'].includes(cfopOf(it)) && text(d.ide, 'finNFe') !== '2' && exportInds(it).length === 0
        ? { campo: `${it.path}/prod/detExport/exportInd`, encontrado: cfopOf(it) }
        : null,
    ),
  ),
  mocRule(
    'I54-10',
    '342',
    'Chave de Acesso informada na Exportação Indireta com DV inválido',
    'I',
    nfe,
    'facultativa',
    'exportInd/chNFe com dígito verificador válido.',
    (d) =>
      d.items.flatMap((it) =>
        exportInds(it)
          .map((x) => text(x, 'chNFe') ?? '')
          .filter((k) => /^\d{44}$/.test(k) && String(accessKeyDigit(k.slice(0, 43))) !== k[43])
          .map((k) => ({ campo: `${it.path}/prod/detExport/exportInd/chNFe`, nItem: it.nItem, encontrado: k })),
      ),
  ),
  mocRule(
    'I54-20',
    '343',
    'Modelo da NF-e informada na Exportação Indireta diferente de 55',
    'I',
    nfe,
    'facultativa',
    'exportInd/chNFe de modelo 55 (posições 21 e 22 da chave).',
    (d) =>
      d.items.flatMap((it) =>
        exportInds(it)
          .map((x) => text(x, 'chNFe') ?? '')
          .filter((k) => k.length === 44 && keyModel(k) !== '55')
          .map((k) => ({ campo: `${it.path}/prod/detExport/exportInd/chNFe`, nItem: it.nItem, encontrado: k })),
      ),
  ),
  mocRule(
    'I54-30',
    '344',
    'Duplicidade de NF-e informada na Exportação Indireta (Chave de Acesso informada mais de uma vez)',
    'I',
    nfe,
    'facultativa',
    'A mesma exportInd/chNFe não se repete no item.',
    perItem((it) => {
      const keys = exportInds(it).map((x) => text(x, 'chNFe'));
      const dup = keys.find((k, i) => keys.indexOf(k) !== i);
      return dup ? { campo: `${it.path}/prod/detExport/exportInd/chNFe`, encontrado: dup } : null;
    }),
  ),
  mocRule(
    'I54-40',
    '345',
    'Chave de Acesso informada na Exportação Indireta não consta como NF-e referenciada',
    'I',
    nfe,
    'facultativa',
    'exportInd/chNFe está entre as NF-e referenciadas (NFref/refNFe ou DFeReferenciado do item).',
    (d) => {
      const refs = new Set(refKeys(d));
      return d.items.flatMap((it) =>
        exportInds(it)
          .map((x) => text(x, 'chNFe'))
          .filter((k) => k && !refs.has(k))
          .map((k) => ({ campo: `${it.path}/prod/detExport/exportInd/chNFe`, nItem: it.nItem, encontrado: k })),
      );
    },
  ),
  mocRule(
    'I55-10',
    '346',
    'Somatório das quantidades informadas na Exportação Indireta não corresponde a quantidade total do item',
    'I',
    nfe,
    'facultativa',
    'Com exportação indireta, a soma de exportInd/qExport é a qCom do item.',
    perItem((it) => {
      const xs = exportInds(it);
      if (xs.length === 0) return null;
      const sum = xs.reduce((s, x) => s + Math.round(Number(text(x, 'qExport') ?? 0) * 1e4), 0);
      const qCom = Math.round(Number(text(it.prod, 'qCom') ?? 0) * 1e4);
      return sum !== qCom
        ? {
            campo: `${it.path}/prod/detExport/exportInd/qExport`,
            esperado: text(it.prod, 'qCom'),
            encontrado: (sum / 1e4).toFixed(4),
          }
        : null;
    }),
  ),
];
