import { describe, expect, it } from 'vitest';
import { accessKeyDigit } from './check-digits.js';
import { ieExample } from './ie-examples.js';
import { mocRowRules } from './rules-moc-rows.js';
import { type SampleNfe, sampleNfe } from './sample-nfe.js';
import { el } from './sample-xml.js';
import {
  bundledTables,
  eachRuleCase,
  find,
  hiddenByRequirements,
  insert,
  positivesSkipped,
  type RuleCase,
  remove,
  setText,
} from './test-support.js';
import { validateNfeRules } from './validate.js';
import type { XNode } from './xml-node.js';

// MOC 7.0 annex I rows of groups BA, C and I (rules-moc-rows.ts), each applied to a consistent NF-e (positive: not
// reported) and to the same NF-e broken in the one way the row describes (negative: reported with the rule's id and
// code). Rows read in a public markdown transcription of the annex's §4.2.1 (NT 2021.002's NFF notes in a public
// transcription of that NT); the row's group and the MOC version are in each test's name, read from the rule itself.
const tables = bundledTables();
const I = 'NFe/infNFe';
const agora = new Date('2026-10-11T12:00:00-03:00');
const emit = { cnpj: '11222333000181', uf: 'SP', crt: '3' } as const;
const standard: SampleNfe = {
  emitente: emit,
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
  data: '2026-10-10',
  items: [
    { vProd: '1000.00', icms: { cst: '00', pICMS: '18' } },
    { vProd: '250.00', icms: { cst: '00', pICMS: '18' } },
  ],
};
const interstate: SampleNfe = {
  ...standard,
  destinatario: { cnpj: '11444777000161', uf: 'RJ', contribuinte: true },
  items: standard.items.map((i) => ({ ...i, icms: { ...i.icms, pICMS: '12' } })),
};
const withIbs: SampleNfe = {
  ...standard,
  items: standard.items.map((i) => ({ ...i, ibscbs: { cst: '000', cClassTrib: '000001' } })),
};
const nfce: SampleNfe = {
  ...standard,
  modelo: '65',
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: false },
  items: [{ vProd: '30.00', icms: { cst: '00', pICMS: '18' } }],
};

/** An access key from its fields (MOC 7.0 §2.2.6.2), with its check digit unless one is given. */
function key(
  f: Partial<Record<'cUF' | 'aamm' | 'doc' | 'mod' | 'serie' | 'nNF' | 'tpEmis', string>> = {},
  dv?: string,
) {
  const k43 = [
    f.cUF ?? '35',
    f.aamm ?? '2609',
    f.doc ?? '11222333000181',
    f.mod ?? '55',
    f.serie ?? '001',
    f.nNF ?? '000000123',
    f.tpEmis ?? '1',
    '12345678',
  ].join('');
  return `${k43}${dv ?? accessKeyDigit(k43)}`;
}
const wrongDv = (k: string) => `${k.slice(0, 43)}${(Number(k[43]) + 1) % 10}`;

const ide = (tag: string) => `${I}/ide/${tag}`;
const prod = (n: number) => `${I}/det[${n}]/prod`;
const addRef = (t: XNode, ...refs: XNode[]) => {
  for (const r of refs) insert(t, `${I}/ide`, el('NFref', [r]), 'dhCont');
};
const refNFe = (k: string) => el('refNFe', k);
const refNF = (over: Record<string, string> = {}) =>
  el(
    'refNF',
    Object.entries({ cUF: '35', AAMM: '2605', CNPJ: '11444777000161', mod: '01', serie: '1', nNF: '123', ...over }).map(
      ([k, v]) => el(k, v),
    ),
  );
const refNFP = (over: Record<string, string> = {}, id: [string, string] = ['CPF', '52998224725']) =>
  el('refNFP', [
    el('cUF', '35'),
    el('AAMM', over.AAMM ?? '2605'),
    el(id[0], id[1]),
    el('IE', over.IE ?? ieExample('SP')),
    el('mod', '04'),
    el('serie', '0'),
    el('nNF', over.nNF ?? '55'),
  ]);
const refECF = (nCOO = '000123') => el('refECF', [el('mod', '2D'), el('nECF', '001'), el('nCOO', nCOO)]);
/** The emitente identified by a CPF instead of its CNPJ. */
const cpfEmitter = (t: XNode, cpf = '52998224725') => {
  const n = find(t, `${I}/emit/CNPJ`);
  n.name = 'CPF';
  n.text = cpf;
};
const inProd = (t: XNode, n: number, node: XNode) => insert(t, prod(n), node, 'vProd');
const place = (tag: string, cMun: string) =>
  el(tag, [
    el('CNPJ', '11444777000161'),
    el('xLgr', 'RUA B'),
    el('nro', '2'),
    el('xBairro', 'CENTRO'),
    el('cMun', cMun),
    el('xMun', 'X'),
    el('UF', 'SP'),
  ]);
const issqn = (cMunFG: string, cMun?: string) =>
  el('ISSQN', [
    el('vBC', '30.00'),
    el('vAliq', '5.0000'),
    el('vISSQN', '1.50'),
    el('cMunFG', cMunFG),
    el('cListServ', '14.01'),
    ...(cMun ? [el('indISS', '1'), el('cMun', cMun)] : []),
  ]);
const withPais = (node: XNode, cPais: string) => {
  node.children.push(el('cPais', cPais));
  return node;
};
const retTransp = (cMunFG: string) =>
  el('retTransp', [
    el('vServ', '100.00'),
    el('vBCRet', '100.00'),
    el('pICMSRet', '12.0000'),
    el('vICMSRet', '12.00'),
    el('CFOP', '5353'),
    el('cMunFG', cMunFG),
  ]);

/** The key rules of refNFe (BA02) and refCTe (BA19): the same rows over the two tags. */
const keyCase = (ref: (k: string) => XNode, ok: string[], bad: string[]): Case => ({
  sample: standard,
  alsoPasses: (t) => addRef(t, ...ok.map(ref)),
  breakIt: (t) => addRef(t, ...bad.map(ref)),
});
const keySeq = (mod: string, p: 'BA02' | 'BA19', ref: (k: string) => XNode) => {
  const mk = (f: Parameters<typeof key>[0] = {}) => key({ mod, ...f });
  const cases: Record<string, Case> = {
    '10': keyCase(ref, [mk()], [wrongDv(mk())]),
    '14': keyCase(ref, [mk({ cUF: '53' })], [mk({ cUF: '99' })]),
    '20': keyCase(ref, [mk({ aamm: '0601' }), mk({ aamm: '2612' })], [mk({ aamm: '0512' })]),
    '24': keyCase(ref, [mk({ aamm: '2512' })], [mk({ aamm: '2513' })]),
    '30': keyCase(ref, [mk({ doc: '00052998224725', serie: '920' })], [mk({ doc: '11222333000182' })]),
    '34': keyCase(ref, [mk()], [mk({ mod: p === 'BA02' ? '57' : '55' })]),
    '40': keyCase(ref, [mk()], [mk({ nNF: '000000000' })]),
    '44': keyCase(ref, [mk(), mk({ nNF: '000000124' })], [mk(), mk()]),
  };
  return (seq: string) => cases[seq]!;
};
const ba02 = keySeq('55', 'BA02', (k) => el('refNFe', k));
const ba19 = keySeq('57', 'BA19', (k) => el('refCTe', k));

type Case = RuleCase;

const cases: Record<string, Case> = {
  // Group BA: documents referenced in ide/NFref.
  'BA02-10': { ...ba02('10') },
  'BA02-14': { ...ba02('14') },
  'BA02-20': { ...ba02('20') },
  'BA02-24': { ...ba02('24') },
  'BA02-30': { ...ba02('30') },
  'BA02-34': { ...ba02('34') },
  'BA02-40': { ...ba02('40') },
  'BA02-44': { ...ba02('44') },
  'BA03-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refNF(), refNF({ nNF: '124' })),
    breakIt: (t) => addRef(t, refNF(), refNF()),
  },
  'BA05-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refNF({ AAMM: '0701' })),
    breakIt: (t) => addRef(t, refNF({ AAMM: '0512' })),
  },
  'BA06-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refNF()),
    breakIt: (t) => addRef(t, refNF({ CNPJ: '11444777000162' })),
  },
  'BA10-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refNFP(), refNFP({ nNF: '56' })),
    breakIt: (t) => addRef(t, refNFP(), refNFP()),
  },
  'BA12-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refNFP({ AAMM: '2609' })),
    breakIt: (t) => addRef(t, refNFP({ AAMM: '2611' })),
  },
  'BA13-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refNFP({}, ['CNPJ', '11444777000161'])),
    breakIt: (t) => addRef(t, refNFP({}, ['CNPJ', '00000000000000'])),
  },
  'BA14-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refNFP()),
    breakIt: (t) => addRef(t, refNFP({}, ['CPF', '52998224726'])),
  },
  'BA15-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refNFP(), refNFP({ IE: 'ISENTO', nNF: '56' })),
    breakIt: (t) => {
      const ie = ieExample('SP');
      addRef(t, refNFP({ IE: `${ie.slice(0, -1)}${(Number(ie.at(-1)) + 1) % 10}` }));
    },
  },
  'BA19-10': { ...ba19('10') },
  'BA19-14': { ...ba19('14') },
  'BA19-20': { ...ba19('20') },
  'BA19-24': { ...ba19('24') },
  'BA19-30': { ...ba19('30') },
  'BA19-34': { ...ba19('34') },
  'BA19-40': { ...ba19('40') },
  'BA19-44': { ...ba19('44') },
  'BA20-10': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refECF(), refECF('000124')),
    breakIt: (t) => addRef(t, refECF(), refECF()),
  },
  'BA20-20': {
    sample: standard,
    alsoPasses: (t) => addRef(t, refECF(), refNF()),
    breakIt: (t) => {
      addRef(t, refECF());
      setText(t, ide('idDest'), '2');
    },
  },
  // Group C: the emitente's CNPJ or CPF against the série.
  'C02-30': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, ide('serie'), '920');
      setText(t, ide('tpEmis'), '3');
    },
    breakIt: (t) => setText(t, ide('serie'), '920'),
  },
  'C02a-04': {
    sample: nfce,
    alsoPasses: (t) => {
      cpfEmitter(t);
      setText(t, ide('tpEmis'), '3');
    },
    breakIt: (t) => cpfEmitter(t),
  },
  'C02a-10': {
    sample: standard,
    alsoPasses: (t) => {
      cpfEmitter(t);
      setText(t, ide('serie'), '920');
    },
    breakIt: (t) => cpfEmitter(t),
  },
  // C02a-08 and C02a-14 (Facult., "opcional a critério da UF"): an NF-e with a CPF emitter; C02a-14 keeps the CPF to
  // the séries of the NF avulsa (890–899, 910–919), so 920 (accepted by C02a-10) is rejected.
  'C02a-08': {
    sample: standard,
    alsoPasses: (t) => {
      cpfEmitter(t);
      setText(t, ide('serie'), '920');
      setText(t, ide('tpEmis'), '3');
    },
    breakIt: (t) => {
      cpfEmitter(t);
      setText(t, ide('serie'), '920');
    },
  },
  'C02a-14': {
    sample: standard,
    alsoPasses: (t) => {
      cpfEmitter(t);
      setText(t, ide('serie'), '915');
    },
    breakIt: (t) => {
      cpfEmitter(t);
      setText(t, ide('serie'), '920');
    },
  },
  'C02a-20': {
    sample: standard,
    alsoPasses: (t) => {
      cpfEmitter(t);
      setText(t, ide('serie'), '920');
    },
    breakIt: (t) => {
      cpfEmitter(t, '11111111111');
      setText(t, ide('serie'), '920');
    },
  },
  // Group I: manufacturer, unit values, customs clearance and batch dates.
  'I05e-10': {
    sample: standard,
    alsoPasses: (t) => {
      inProd(t, 1, el('indEscala', 'N'));
      inProd(t, 1, el('CNPJFab', '11444777000161'));
    },
    breakIt: (t) => inProd(t, 1, el('indEscala', 'N')),
  },
  'I05e-20': {
    sample: standard,
    alsoPasses: (t) => inProd(t, 1, el('CNPJFab', '11444777000161')),
    breakIt: (t) => inProd(t, 1, el('CNPJFab', '11444777000169')),
  },
  'I11-10': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, `${prod(1)}/qCom`, '3.0000');
      setText(t, `${prod(1)}/vUnCom`, '333.3333333333');
    },
    breakIt: (t) => setText(t, `${prod(1)}/vUnCom`, '999.9800000000'),
  },
  'I11-20': {
    sample: standard,
    alsoPasses: (t) => {
      setText(t, `${prod(1)}/qTrib`, '3.0000');
      setText(t, `${prod(1)}/vUnTrib`, '333.3333333333');
    },
    breakIt: (t) => setText(t, `${prod(1)}/qTrib`, '2.0000'),
  },
  'I23-10': {
    sample: standard,
    alsoPasses: (t) => inProd(t, 1, el('DI', [el('nDI', '2612345678'), el('dDesemb', '2026-10-02')])),
    breakIt: (t) => inProd(t, 1, el('DI', [el('nDI', '2612345678'), el('dDesemb', '2020-10-02')])),
  },
  'I84-10': {
    sample: standard,
    alsoPasses: (t) => inProd(t, 1, el('rastro', [el('dFab', '2026-01-01'), el('dVal', '2026-01-01')])),
    breakIt: (t) => inProd(t, 1, el('rastro', [el('dFab', '2026-01-01'), el('dVal', '2025-12-31')])),
  },
  // NT 2025.002 v1.31 (p. 29): the ZFM's class, the fuel group of a fuel cClassTrib, the goods' origin.
  'I05k-10': {
    sample: nfce,
    breakIt: (t) => inProd(t, 1, el('tpCredPresIBSZFM', '1')),
  },
  'I05k-20': {
    sample: standard,
    alsoPasses: (t) => {
      inProd(t, 1, el('tpCredPresIBSZFM', '1'));
      setText(t, `${I}/emit/enderEmit/UF`, 'AP');
      setText(t, `${I}/emit/enderEmit/cMun`, '1600303');
    },
    breakIt: (t) => inProd(t, 1, el('tpCredPresIBSZFM', '1')),
  },
  'LA01-30': {
    // Before v1.50's dates (it reformulated the fuels' rules): production until 02/11/2026.
    sample: { ...withIbs, data: '2026-07-10' },
    alsoPasses: (t) => {
      setText(t, `${I}/det[1]/imposto/IBSCBS/cClassTrib`, '620001');
      insert(
        t,
        prod(1),
        el('comb', [el('cProdANP', '320102001'), el('descANP', 'GASOLINA C COMUM'), el('UFCons', 'SP')]),
      );
    },
    breakIt: (t) => setText(t, `${I}/det[1]/imposto/IBSCBS/cClassTrib`, '620001'),
  },
  'N11-10': {
    sample: withIbs,
    alsoPasses: (t) => remove(mei(t), `${I}/det[1]/imposto/ICMS/ICMS00/orig`),
    breakIt: (t) => remove(t, `${I}/det[1]/imposto/ICMS/ICMS00/orig`),
  },
  // "Tabela Municípios IBGE" (reference-data/ibge-municipios.csv): 3599999 is no município; 5101837 (Boa Esperança do
  // Norte, MT, installed after the 2014 table) is one.
  'B12-10': { sample: standard, breakIt: (t) => setText(t, ide('cMunFG'), '3599999') },
  'C10-10': { sample: standard, breakIt: (t) => setText(t, `${I}/emit/enderEmit/cMun`, '3599999') },
  'E10-10': {
    sample: standard,
    alsoPasses: (t) => setText(t, `${I}/dest/enderDest/cMun`, '5101837'),
    breakIt: (t) => setText(t, `${I}/dest/enderDest/cMun`, '3599999'),
  },
  'F07-20': {
    sample: standard,
    alsoPasses: (t) => insert(t, I, place('retirada', '3550308'), 'det'),
    breakIt: (t) => insert(t, I, place('retirada', '3599999'), 'det'),
  },
  'G07-20': {
    sample: standard,
    alsoPasses: (t) => insert(t, I, place('entrega', '3550308'), 'det'),
    breakIt: (t) => insert(t, I, place('entrega', '3599999'), 'det'),
  },
  'U05-10': {
    sample: standard,
    alsoPasses: (t) => insert(t, `${I}/det[1]/imposto`, issqn('3550308')),
    breakIt: (t) => insert(t, `${I}/det[1]/imposto`, issqn('3599999')),
  },
  'U14-10': {
    sample: standard,
    alsoPasses: (t) => insert(t, `${I}/det[1]/imposto`, issqn('3550308', '3509502')),
    breakIt: (t) => insert(t, `${I}/det[1]/imposto`, issqn('3550308', '3599999')),
  },
  'X17-10': {
    sample: standard,
    alsoPasses: (t) => insert(t, `${I}/transp`, retTransp('3550308')),
    breakIt: (t) => insert(t, `${I}/transp`, retTransp('3599999')),
  },
  // "Tabela do BACEN" (reference-data/paises-bacen.csv): 9999 is no country; leading zeros are not significant.
  'E14-04': {
    sample: standard,
    alsoPasses: (t) => setText(t, `${I}/dest/enderDest/cPais`, '01058'),
    breakIt: (t) => setText(t, `${I}/dest/enderDest/cPais`, '9999'),
  },
  'F11-10': {
    sample: standard,
    alsoPasses: (t) => insert(t, I, withPais(place('retirada', '3550308'), '1058'), 'det'),
    breakIt: (t) => insert(t, I, withPais(place('retirada', '3550308'), '9999'), 'det'),
  },
  'G11-10': {
    sample: standard,
    alsoPasses: (t) => insert(t, I, withPais(place('entrega', '3550308'), '1058'), 'det'),
    breakIt: (t) => insert(t, I, withPais(place('entrega', '3550308'), '9999'), 'det'),
  },
  'U15-10': {
    sample: standard,
    alsoPasses: (t) => insert(t, `${I}/det[1]/imposto`, withPais(issqn('3550308'), '2496')),
    breakIt: (t) => insert(t, `${I}/det[1]/imposto`, withPais(issqn('3550308'), '9999')),
  },
};

/** The document of an MEI (CRT 4), for whom N11-10 does not require orig. */
const mei = (t: XNode) => setText(t, `${I}/emit/CRT`, '4');

const found = (tree: XNode, id: string) => {
  const r = validateNfeRules(tree, { tabelas: tables, agora });
  return [...r.rejeicoes, ...r.alertas].filter((f) => f.regra === id);
};

describe('MOC 7.0 annex I rows of groups BA, C and I: a positive and a negative case each', () => {
  it('every one of these rules has its case here, and no case is left without its rule', () => {
    expect(mocRowRules.map((r) => r.id).filter((id) => !cases[id])).toEqual([]);
    expect(Object.keys(cases).filter((id) => !mocRowRules.some((r) => r.id === id))).toEqual([]);
  });

  eachRuleCase(mocRowRules, cases, found);

  it('each rule with a requirement (Rule.requer) meets it in a positive case: its predicate runs on a valid instance', () => {
    // I05k-10: the field's presence in an NFC-e is the fault itself, so no valid NFC-e carries it.
    expect(positivesSkipped(cases, ['I05k-10'])).toEqual([]);
  });

  it('every case gives the same findings with and without the requirements pre-filter (the table hides nothing)', () => {
    expect(hiddenByRequirements(cases, { tabelas: tables, agora })).toEqual([]);
  });

  it('BA02-30 on an NFF key (tpEmis 3): the 5th digit of nNF, not the série, says CNPJ (1) or CPF (2) (NT 2021.002)', () => {
    const t = sampleNfe(standard);
    addRef(t, refNFe(key({ doc: '00052998224725', serie: '001', tpEmis: '3', nNF: '000020001' })));
    expect(found(t, 'BA02-30')).toEqual([]);
    const u = sampleNfe(standard);
    addRef(u, refNFe(key({ doc: '00052998224725', serie: '001', tpEmis: '3', nNF: '000010001' })));
    expect(found(u, 'BA02-30').length).toBe(1);
  });

  it('BA02-30/BA02-40 on a CF-e SAT key (model 59: nserieSAT and nCF, no série nor tpEmis) — a SAT serial of 930… is not a CPF série (MOC 7.0 §2.2.6.2, BA02-34 admits 59)', () => {
    const k43 = `352609${'11222333000181'}59${'930001234'}${'000456'}${'123456'}`;
    const t = sampleNfe(standard);
    addRef(t, refNFe(`${k43}${accessKeyDigit(k43)}`));
    expect(found(t, 'BA02-30')).toEqual([]);
    expect(found(t, 'BA02-40')).toEqual([]);
    const bad = `352609${'11222333000180'}59${'930001234'}${'000456'}${'123456'}`;
    const u = sampleNfe(standard);
    addRef(u, refNFe(`${bad}${accessKeyDigit(bad)}`));
    expect(found(u, 'BA02-30').length).toBe(1);
  });

  it('E14-04 accepts the codes of earlier editions of the BACEN table (1504 Guernsey and 1508 Jersey before 2018, 1511, 3883, 6781, 8958) and both codes of renumbered countries (MOC 7.0 annex I: "Tabela do BACEN")', () => {
    for (const code of [
      '1504',
      '3212',
      '1508',
      '3930',
      '1511',
      '3883',
      '6781',
      '8958',
      '4885',
      '4898',
      '200',
      '2003',
    ]) {
      const t = sampleNfe(standard);
      setText(t, `${I}/dest/enderDest/cPais`, code);
      expect(found(t, 'E14-04')).toEqual([]);
    }
  });

  it('U05-10/U14-10 accept 9999999 for a service rendered abroad named by ISSQN/cPais, not only with dest/UF EX (MOC 7.0 annex I U05-10, Exceção)', () => {
    const t = sampleNfe(standard);
    insert(t, `${I}/det[1]/imposto`, withPais(issqn('9999999', '9999999'), '2496'));
    expect(found(t, 'U05-10')).toEqual([]);
    expect(found(t, 'U14-10')).toEqual([]);
    const u = sampleNfe(standard);
    insert(u, `${I}/det[1]/imposto`, withPais(issqn('9999999', '9999999'), '1058'));
    expect(found(u, 'U05-10').length).toBe(1);
  });

  it("BA15-10 accepts São Paulo's producer IE written without its P (SINTEGRA SP, Produtor Rural: P-0MMMSSSS.D/000), and still refuses a wrong check digit", () => {
    const t = sampleNfe(standard);
    addRef(t, refNFP({ IE: '011004243002' }));
    expect(found(t, 'BA15-10')).toEqual([]);
    const u = sampleNfe(standard);
    addRef(u, refNFP({ IE: '011004244002' }));
    expect(found(u, 'BA15-10').length).toBe(1);
  });

  it('BA02-20: a key of a year after dhEmi but not after now is accepted; after both, rejected', () => {
    const t = sampleNfe(standard);
    addRef(t, refNFe(key({ aamm: '2701' })));
    expect(found(t, 'BA02-20').length).toBe(1);
    const later = validateNfeRules(t, { tabelas: tables, agora: new Date('2027-02-01T12:00:00-03:00') });
    expect(later.rejeicoes.filter((f) => f.regra === 'BA02-20')).toEqual([]);
  });

  it('BA05-10, BA12-10 and I23-10 (relative to the moment of reception) are alerts, never rejections', () => {
    const t = sampleNfe(standard);
    addRef(t, refNF({ AAMM: '0512' }), refNFP({ AAMM: '0512' }));
    inProd(t, 1, el('DI', [el('nDI', '2612345678'), el('dDesemb', '2020-10-02')]));
    const r = validateNfeRules(t, { tabelas: tables, agora });
    expect(r.alertas.map((a) => a.regra).sort()).toEqual(['BA05-10', 'BA12-10', 'I23-10']);
    expect(r.rejeicoes.filter((f) => ['BA05-10', 'BA12-10', 'I23-10'].includes(f.regra))).toEqual([]);
  });

  it('the municipality rules are not applied without the IBGE table (NfeTables.municipio absent)', () => {
    const t = sampleNfe(standard);
    setText(t, ide('cMunFG'), '3599999');
    const { municipio: _m, ...withoutTable } = tables;
    const r = validateNfeRules(t, { tabelas: withoutTable, agora });
    expect(r.rejeicoes.filter((f) => f.regra === 'B12-10')).toEqual([]);
    expect(validateNfeRules(t, { tabelas: null, agora }).naoAplicadas.map((n) => n.regra)).toContain('B12-10');
  });

  it('the valid samples of these tests get no rejection from any rule of the book', () => {
    for (const s of [standard, interstate, nfce, withIbs]) {
      const r = validateNfeRules(sampleNfe(s), { tabelas: tables, agora });
      expect(r.rejeicoes).toEqual([]);
    }
  });
});
