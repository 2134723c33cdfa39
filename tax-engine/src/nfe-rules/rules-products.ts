import { accessKeyDigit, isValidCnpj } from './check-digits.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { root } from './nfe-view.js';
import { isValidGtin, mocRule } from './rule-factory.js';
import type { Finding, Rule } from './types.js';
import { child, children, text } from './xml-node.js';

/**
 * Group I (prod) of MOC 7.0 annex I: GTIN, NCM "00", CFOP against idDest and the destination, import (DI) and export
 * (detExport) rows, read in full in a public markdown transcription of the annex's tables (decision 072). Rules the
 * annex marks "implementação futura" (I05-30, I09-10, I13-10, I19-10, I29a-20, I51-20, I53-10) are not here.
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;

/** One finding per item that breaks the rule. */
const perItem =
  (bad: (it: ItemView, d: NfeView) => Finding | null) =>
  (d: NfeView): Finding[] =>
    d.items.flatMap((it) => {
      const f = bad(it, d);
      return f ? [{ nItem: it.nItem, ...f }] : [];
    });
const cfopOf = (it: ItemView) => text(it.prod, 'CFOP') ?? '';
const noGtin = (v: string | undefined) => v === undefined || v === '' || v === 'SEM GTIN';
const ufCons = (d: NfeView) => d.items.map((it) => text(it.prod, 'comb/UFCons')).filter((u): u is string => !!u);

function gtinRules(tag: 'cEAN' | 'cEANTrib', codes: [string, string], label: string, group: string): Rule[] {
  return [
    mocRule(
      `${group}-10`,
      codes[0],
      `${label} inválido [nItem:999]`,
      'I',
      both,
      'obrigatoria',
      `${tag} diferente de "SEM GTIN" com dígito verificador GS1 válido.`,
      perItem((it) => {
        const v = text(it.prod, tag);
        return !noGtin(v) && !isValidGtin(v!) ? { campo: `${it.path}/prod/${tag}`, encontrado: v } : null;
      }),
    ),
    mocRule(
      tag === 'cEAN' ? 'I03-30' : 'I12-60',
      codes[1],
      `${label} sem informação [nItem: 999]`,
      'I',
      both,
      'obrigatoria',
      `${tag} em branco: produto sem GTIN usa "SEM GTIN".`,
      perItem((it) => (text(it.prod, tag) === '' ? { campo: `${it.path}/prod/${tag}`, esperado: 'SEM GTIN' } : null)),
    ),
  ];
}

const importExempt = new Set(['3201', '3202', '3211', '3503', '3553']);
const importRule = (
  id: string,
  codigo: string,
  mensagem: string,
  what: string,
  exempt: Set<string>,
  has: (it: ItemView) => boolean,
) =>
  mocRule(
    id,
    codigo,
    mensagem,
    'I',
    nfe,
    'facultativa',
    `CFOP de importação (3.xxx) exige ${what}, exceto ${[...exempt].join(', ')}.`,
    perItem((it) => {
      const c = cfopOf(it);
      return c.startsWith('3') && !exempt.has(c) && !has(it) ? { campo: `${it.path}/prod/CFOP`, encontrado: c } : null;
    }),
  );

/**
 * The documents the NF-e references: ide/NFref and, from PL_010 (NT 2025.002), det/DFeReferenciado. A reference at
 * item level is accepted too: the book accepts rather than rejects where the NT's text on it was not read.
 */
const refKeys = (d: NfeView) => [
  ...children(d.ide, 'NFref').map((r) => text(r, 'refNFe')),
  ...d.items.map((it) => text(it.node, 'DFeReferenciado/chaveAcesso')),
];
const referencesSomething = (d: NfeView) =>
  !!child(d.ide, 'NFref') || d.items.some((it) => !!child(it.node, 'DFeReferenciado'));
const exportInds = (it: ItemView) =>
  children(it.prod, 'detExport')
    .map((e) => child(e, 'exportInd'))
    .filter((x) => !!x);

export const productRules: Rule[] = [
  ...gtinRules('cEAN', ['611', '883'], 'GTIN (cEAN)', 'I03'),
  ...gtinRules('cEANTrib', ['612', '888'], 'GTIN da unidade tributável (cEANTrib)', 'I12'),
  mocRule(
    'I12-30',
    '885',
    'GTIN informado, mas não informado o GTIN da unidade tributável [nItem:999]',
    'I',
    both,
    'obrigatoria',
    'Com cEAN específico, cEANTrib também é um GTIN.',
    perItem((it) =>
      !noGtin(text(it.prod, 'cEAN')) && noGtin(text(it.prod, 'cEANTrib'))
        ? { campo: `${it.path}/prod/cEANTrib`, encontrado: text(it.prod, 'cEANTrib') }
        : null,
    ),
  ),
  mocRule(
    'I12-40',
    '886',
    'GTIN da unidade tributável informado, mas não informado o GTIN [nItem:999]',
    'I',
    both,
    'obrigatoria',
    'Com cEANTrib específico, cEAN também é um GTIN.',
    perItem((it) =>
      !noGtin(text(it.prod, 'cEANTrib')) && noGtin(text(it.prod, 'cEAN'))
        ? { campo: `${it.path}/prod/cEAN`, encontrado: text(it.prod, 'cEAN') }
        : null,
    ),
  ),
  mocRule(
    'I05-24',
    '471',
    'Informado NCM=00 indevidamente',
    'I',
    both,
    'obrigatoria',
    'NCM "00" só em NF-e de ajuste (finNFe=3) ou item de serviço (com ISSQN).',
    perItem((it, d) =>
      text(it.prod, 'NCM') === '00' && text(d.ide, 'finNFe') !== '3' && !child(it.imposto, 'ISSQN')
        ? { campo: `${it.path}/prod/NCM`, encontrado: '00' }
        : null,
    ),
  ),
  mocRule(
    'I08-30',
    '731',
    'CFOP de operação com Exterior e idDest <> 3',
    'I',
    nfe,
    'obrigatoria',
    'CFOP 3.xxx ou 7.xxx com idDest=3; 7.xxx também aceito com UFCons "EX" (exceção).',
    perItem((it, d) => {
      const c = cfopOf(it);
      const ok = text(d.ide, 'idDest') === '3' || (c.startsWith('7') && text(it.prod, 'comb/UFCons') === 'EX');
      return /^[37]/.test(c) && !ok
        ? { campo: `${it.path}/prod/CFOP`, encontrado: `${c}, idDest ${text(d.ide, 'idDest')}` }
        : null;
    }),
  ),
  mocRule(
    'I08-40',
    '732',
    'CFOP de operação interestadual e idDest <> 2',
    'I',
    nfe,
    'obrigatoria',
    'CFOP 2.xxx ou 6.xxx com idDest=2.',
    perItem((it, d) =>
      /^[26]/.test(cfopOf(it)) && text(d.ide, 'idDest') !== '2'
        ? { campo: `${it.path}/prod/CFOP`, encontrado: `${cfopOf(it)}, idDest ${text(d.ide, 'idDest')}` }
        : null,
    ),
  ),
  mocRule(
    'I08-50',
    '733',
    'CFOP de operação interna e idDest <> 1',
    'I',
    nfe,
    'obrigatoria',
    'CFOP 1.xxx ou 5.xxx com idDest=1.',
    perItem((it, d) =>
      /^[15]/.test(cfopOf(it)) && text(d.ide, 'idDest') !== '1'
        ? { campo: `${it.path}/prod/CFOP`, encontrado: `${cfopOf(it)}, idDest ${text(d.ide, 'idDest')}` }
        : null,
    ),
  ),
  mocRule(
    'I08-60',
    '520',
    'CFOP de Operação com Exterior e UF destinatário difere de “EX”',
    'I',
    nfe,
    'facultativa',
    'CFOP 3.xxx ou 7.xxx com destinatário de UF "EX", salvo UFCons "EX" (exceção).',
    perItem((it, d) => {
      const uf = text(d.dest, 'enderDest/UF');
      return /^[37]/.test(cfopOf(it)) && uf !== undefined && uf !== 'EX' && text(it.prod, 'comb/UFCons') !== 'EX'
        ? { campo: `${it.path}/prod/CFOP`, encontrado: `${cfopOf(it)}, UF ${uf}` }
        : null;
    }),
  ),
  mocRule(
    'I08-70',
    '521',
    'Operação Interna e UF do emitente difere da UF do destinatário/remetente contribuinte do ICMS',
    'I',
    nfe,
    'facultativa',
    'idDest=1 com destinatário contribuinte (indIEDest=1) de outra UF; exceções: UFCons igual à UF do emitente, operação presencial sem frete.',
    (d) => {
      const emitUf = text(d.emit, 'enderEmit/UF');
      const destUf = text(d.dest, 'enderDest/UF');
      const exempt =
        ufCons(d).includes(emitUf ?? '') ||
        (text(d.ide, 'indPres') === '1' && text(d.infNFe, 'transp/modFrete') === '9');
      const bad = text(d.ide, 'idDest') === '1' && text(d.dest, 'indIEDest') === '1' && !!destUf && destUf !== emitUf;
      return bad && !exempt ? [{ campo: `${root}/dest/enderDest/UF`, esperado: emitUf, encontrado: destUf }] : [];
    },
  ),
  mocRule(
    'I08-94',
    '771',
    'Informado idEstrangeiro em operação interestadual',
    'I',
    nfe,
    'facultativa',
    'Operação interestadual (idDest=2) sem idEstrangeiro, salvo CFOP 6.667 (exceção).',
    (d) => {
      const c667 = d.items.some((it) => cfopOf(it) === '6667');
      return text(d.ide, 'idDest') === '2' && child(d.dest, 'idEstrangeiro') && !c667
        ? [{ campo: `${root}/dest/idEstrangeiro`, encontrado: 'idDest 2' }]
        : [];
    },
  ),
  importRule(
    'I08-110',
    '525',
    'CFOP de Importação e não informado dados da DI [nItem: 999]',
    'a tag DI',
    new Set(['3201', '3202', '3503', '3553']),
    (it) => !!child(it.prod, 'DI'),
  ),
  importRule(
    'I08-120',
    '597',
    'CFOP de Importação e não informado dados de IPI',
    'o grupo IPI',
    importExempt,
    (it) => !!child(it.imposto, 'IPI'),
  ),
  importRule(
    'I08-130',
    '599',
    'CFOP de Importação e não informado dados de II [nItem: 999]',
    'o grupo II',
    importExempt,
    (it) => !!child(it.imposto, 'II'),
  ),
  mocRule(
    'I08-160',
    '374',
    'CFOP incompatível com o grupo de tributação [nItem: nnn]',
    'I',
    nfce,
    'obrigatoria',
    'NFC-e: CFOP 5.933 (serviço) com o grupo ISSQN.',
    perItem((it) =>
      cfopOf(it) === '5933' && !child(it.imposto, 'ISSQN') ? { campo: `${it.path}/imposto/ISSQN` } : null,
    ),
  ),
  mocRule(
    'I08-170',
    '374',
    'CFOP incompatível com o grupo de tributação [nItem: nnn]',
    'I',
    nfce,
    'obrigatoria',
    'NFC-e: o grupo ISSQN só com CFOP 5.933.',
    perItem((it) =>
      cfopOf(it) !== '5933' && child(it.imposto, 'ISSQN')
        ? { campo: `${it.path}/prod/CFOP`, encontrado: cfopOf(it) }
        : null,
    ),
  ),
  mocRule(
    'I08-184',
    '701',
    'Não informado Nota Fiscal referenciada (Lançamento relativo a Cupom Fiscal) [nItem: nnn]',
    'I',
    nfe,
    'obrigatoria',
    'CFOP 5.929 ou 6.929 (lançamento relativo a cupom fiscal) com documento referenciado (NFref, ou DFeReferenciado no item).',
    perItem((it, d) =>
      ['5929', '6929'].includes(cfopOf(it)) && !referencesSomething(d)
        ? { campo: `${root}/ide/NFref`, encontrado: cfopOf(it) }
        : null,
    ),
  ),
  mocRule(
    'I08-190',
    '701',
    'Não informado Nota Fiscal referenciada (CFOP de Exportação Indireta) [nItem: nnn]',
    'I',
    nfe,
    'obrigatoria',
    'CFOP de exportação indireta (3.503, 7.501) com nota referenciada (NFref, ou DFeReferenciado no item).',
    perItem((it, d) =>
      ['3503', '7501'].includes(cfopOf(it)) && !referencesSomething(d)
        ? { campo: `${root}/ide/NFref`, encontrado: cfopOf(it) }
        : null,
    ),
  ),
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
      const adis = children(it.prod, 'DI').flatMap((di) => children(di, 'adi'));
      return ['3127', '3211'].includes(cfopOf(it)) && !adis.some((a) => child(a, 'nDraw'))
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
          .filter((k) => k.length === 44 && k.slice(20, 22) !== '55')
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
