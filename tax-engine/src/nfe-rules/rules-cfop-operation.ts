import type { ItemView, NfeView } from './nfe-view.js';
import { cfopOf, root } from './nfe-view.js';
import { mocRule, perItem } from './rule-factory.js';
import type { Finding, Rule } from './types.js';
import { child, text } from './xml-node.js';

const nfe = ['55'] as const;
const nfce = ['65'] as const;

const ufCons = (d: NfeView) => d.items.map((it) => text(it.prod, 'comb/UFCons')).filter((u): u is string => !!u);

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

const referencesSomething = (d: NfeView) =>
  !!child(d.ide, 'NFref') || d.items.some((it) => !!child(it.node, 'DFeReferenciado'));

export const cfopOperationRules: Rule[] = [
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
  {
    ...mocRule(
      'I08-94',
      '771',
      'Informado idEstrangeiro em operação interestadual',
      'I',
      nfe,
      'facultativa',
      'Operação interestadual (idDest=2) com idEstrangeiro, salvo CFOP 6.667 (exceção). Removida pela NT 2024.003 v1.09 (produção até 20/03/2026): não aplicada a NF-e emitida desde essa data.',
      (d) => {
        const c667 = d.items.some((it) => cfopOf(it) === '6667');
        return text(d.ide, 'idDest') === '2' && child(d.dest, 'idEstrangeiro') && !c667
          ? [{ campo: `${root}/dest/idEstrangeiro`, encontrado: 'idDest 2' }]
          : [];
      },
    ),
    // NT 2024.003 v1.09, "Histórico de Alterações": "Remoção da RV I08-94 que causa a rejeição 771", production
    // "Até 20/03/2026", no test date (-x-x-x): the rule's last day is 19/03/2026 in both environments.
    vigencia: { producao: { desde: null, ate: '2026-03-19' }, homologacao: { desde: null, ate: '2026-03-19' } },
  },
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
  // I08-180, "Facult.": "CFOP=5.929 e existe NFC-e referenciada (tag:refNFe com modelo 65)"; the row's note leaves the
  // CFOP 5.929 with an NFC-e to the UF. The model is positions 21–22 of the referenced key (MOC 7.0 §2.2.6.2).
  mocRule(
    'I08-180',
    '375',
    'NF-e com lançamento relativo a Cupom Fiscal referencia uma NFC-e [nItem: nnn]',
    'I',
    nfe,
    'facultativa',
    'CFOP 5.929 (lançamento relativo a cupom fiscal) sem NFC-e referenciada (refNFe de modelo 65); a critério da UF.',
    (d) => {
      let out: Finding[] | undefined;
      let nfceRef: boolean | undefined; // read once, at the first item with CFOP 5.929
      for (const it of d.items) {
        if (cfopOf(it) !== '5929') continue;
        if (nfceRef === undefined) {
          nfceRef = false;
          for (const r of d.ide?.children ?? [])
            if (r.name === 'NFref' && text(r, 'refNFe')?.slice(20, 22) === '65') nfceRef = true;
        }
        if (!nfceRef) return [];
        if (!out) out = [];
        out.push({ nItem: it.nItem, campo: `${root}/ide/NFref/refNFe`, encontrado: '5929' });
      }
      return out ?? [];
    },
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
];
