import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { deferredCents } from './money.js';
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
  setText,
} from './test-support.js';
import { validateNfeRules } from './validate.js';
import type { XNode } from './xml-node.js';

// NT 2025.002-RTC's rows of groups B and UB read in full in a public PDF→Markdown conversion of v1.31 (p. 26–28 and
// 33–46) and not changed by a later version's history: each applied to a consistent NF-e (positive: not reported) and to the same NF-e broken in the one
// way the row describes (negative: reported with the rule's id and code). The source is in each test's name.
const tables = bundledTables();
const I = 'NFe/infNFe';
const agora = new Date('2026-10-11T12:00:00-03:00');
const emit = { cnpj: '11222333000181', uf: 'SP', crt: '3' } as const;
const ibs = { cst: '000', cClassTrib: '000001' };
const withIbs: SampleNfe = {
  emitente: emit,
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
  data: '2026-10-10',
  items: [
    { vProd: '1000.00', icms: { cst: '00', pICMS: '18' }, ibscbs: ibs },
    { vProd: '250.00', icms: { cst: '00', pICMS: '18' }, ibscbs: ibs },
  ],
};
const nfceWithIbs: SampleNfe = {
  ...withIbs,
  modelo: '65',
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: false },
  items: [{ vProd: '30.00', icms: { cst: '00', pICMS: '18' }, ibscbs: ibs }],
};
/** CST 515 (deferral with reduction): vDif from pAliqEfet, as the row's Observação 2 says. */
const deferred: SampleNfe = {
  ...withIbs,
  items: [
    {
      vProd: '999.99',
      icms: { cst: '00', pICMS: '18' },
      ibscbs: { cst: '515', cClassTrib: '515001', pRedAliq: '60', pDif: '37.5' },
    },
  ],
};

const ide = (tag: string) => `${I}/ide/${tag}`;
const det = (n: number) => `${I}/det[${n}]`;
const ibscbs = (n: number) => `${det(n)}/imposto/IBSCBS`;
const sphere = (n: number, s: string) => `${ibscbs(n)}/gIBSCBS/${s}`;
const into = (t: XNode, p: string, node: XNode, before?: string) => insert(t, p, node, before);
const g = (name: string, fields: [string, string][]) =>
  el(
    name,
    fields.map(([k, v]) => el(k, v)),
  );
const toIde = (t: XNode, tag: string, value: string) => into(t, `${I}/ide`, el(tag, value), 'procEmi');
const debit = (t: XNode, tp: string) => {
  setText(t, ide('finNFe'), '6');
  toIde(t, 'tpNFDebito', tp);
};
const credit = (t: XNode, tp: string) => {
  setText(t, ide('finNFe'), '5');
  setText(t, ide('tpNF'), '0');
  toIde(t, 'tpNFCredito', tp);
};
/** An access key of the given model (the check digit is not judged by these rules). */
const keyOf = (mod: string) => `352610${'11444777000161'}${mod}001000001234100001234${'5'}`;
const nfref = (t: XNode, key: string) => into(t, `${I}/ide`, el('NFref', [el('refNFe', key)]), 'procEmi');
/** Replaces item n's gIBSCBS by another group of IBSCBS's choice (gAjusteCompet …) or appends one after it. */
const ibsGroup = (t: XNode, n: number, node: XNode, replace = false) => {
  const parent = find(t, ibscbs(n));
  if (replace) parent.children = parent.children.filter((c) => c.name !== 'gIBSCBS');
  parent.children.push(node);
};
const credPres = (cCredPres: string, group: 'gIBSCredPres' | 'gCBSCredPres', fields: [string, string][]) =>
  el('gCredPresOper', [
    el('vBCCredPres', '1000.00'),
    el('cCredPres', cCredPres),
    g(group, [['pCredPres', '10.0000'], ...fields]),
  ]);
const zfm = () =>
  g('gCredPresIBSZFM', [
    ['competApur', '2026-09'],
    ['tpCredPresIBSZFM', '1'],
    ['vCredPresIBSZFM', '10.00'],
  ]);
const devTrib = () => g('gDevTrib', [['vDevTrib', '0.10']]);

type Case = RuleCase;

const cases: Record<string, Case> = {
  // Group B, v1.31 p. 26–28.
  'B10a-10': { sample: nfceWithIbs, breakIt: (t) => toIde(t, 'dPrevEntrega', '2026-10-20') },
  'B10a-40': {
    sample: withIbs,
    alsoPasses: (t) => toIde(t, 'dPrevEntrega', '2026-10-20'),
    breakIt: (t) => {
      toIde(t, 'dPrevEntrega', '2026-10-20');
      setText(t, ide('finNFe'), '2');
    },
  },
  'B10a-50': {
    sample: withIbs,
    alsoPasses: (t) => {
      toIde(t, 'dPrevEntrega', '2026-10-20');
      setText(t, `${I}/transp/modFrete`, '0');
    },
    breakIt: (t) => toIde(t, 'dPrevEntrega', '2026-10-20'),
  },
  'B25-90': {
    sample: withIbs,
    alsoPasses: (t) => {
      debit(t, '02');
      const imposto = find(t, `${det(1)}/imposto`);
      imposto.children = imposto.children.filter((c) => c.name !== 'ICMS');
    },
    breakIt: (t) => {
      const imposto = find(t, `${det(1)}/imposto`);
      imposto.children = imposto.children.filter((c) => c.name !== 'ICMS');
    },
  },
  'B25-100': {
    sample: withIbs,
    alsoPasses: (t) => {
      credit(t, '03');
      nfref(t, keyOf('65'));
      nfref(t, keyOf('55'));
    },
    breakIt: (t) => {
      credit(t, '04');
      nfref(t, keyOf('65'));
    },
  },
  'B25-110': {
    sample: withIbs,
    alsoPasses: (t) => credit(t, '04'),
    breakIt: (t) => {
      credit(t, '04');
      setText(t, ide('tpNF'), '1');
    },
  },
  'B25-120': {
    sample: withIbs,
    alsoPasses: (t) => debit(t, '02'),
    breakIt: (t) => {
      debit(t, '02');
      setText(t, ide('tpNF'), '0');
    },
  },
  'B25.1-10': { sample: withIbs, alsoPasses: (t) => debit(t, '02'), breakIt: (t) => toIde(t, 'tpNFDebito', '02') },
  'B25.1-20': {
    sample: withIbs,
    alsoPasses: (t) => debit(t, '02'),
    breakIt: (t) => setText(t, ide('finNFe'), '6'),
  },
  'B25.2-10': { sample: withIbs, alsoPasses: (t) => credit(t, '04'), breakIt: (t) => toIde(t, 'tpNFCredito', '04') },
  'B25.2-20': {
    sample: withIbs,
    alsoPasses: (t) => credit(t, '04'),
    breakIt: (t) => {
      setText(t, ide('finNFe'), '5');
      setText(t, ide('tpNF'), '0');
    },
  },
  'B25.2-30': {
    sample: { ...withIbs, data: '2029-01-10' },
    alsoPasses: (t) => credit(t, '02'),
    breakIt: (t) => {
      setText(t, ide('dhEmi'), '2028-12-28T10:00:00-03:00');
      credit(t, '02');
    },
  },
  'B25.2-40': {
    sample: withIbs,
    alsoPasses: (t) => credit(t, '03'),
    breakIt: (t) => {
      credit(t, '03');
      setText(t, ide('tpNF'), '1');
    },
  },
  'B25b-60': {
    sample: nfceWithIbs,
    alsoPasses: (t) => {
      setText(t, ide('indPres'), '5');
      toIde(t, 'cMunFGIBS', '3550308');
    },
    breakIt: (t) => toIde(t, 'cMunFGIBS', '3550308'),
  },
  'B25b-70': {
    sample: nfceWithIbs,
    alsoPasses: (t) => {
      setText(t, ide('indPres'), '5');
      toIde(t, 'cMunFGIBS', '3550308');
    },
    breakIt: (t) => setText(t, ide('indPres'), '5'),
  },
  'B31-10': {
    sample: nfceWithIbs,
    breakIt: (t) =>
      into(
        t,
        `${I}/ide`,
        g('gCompraGov', [
          ['tpEnteGov', '1'],
          ['pRedutor', '0.0000'],
          ['tpOperGov', '1'],
        ]),
        'procEmi',
      ),
  },

  // Group UB, v1.31 p. 35–38: vDif with pAliqEfet when gRed is informed, tolerance 0,01.
  ...Object.fromEntries(
    (
      [
        ['UB23-10', 'gIBSUF'],
        ['UB42-10', 'gIBSMun'],
        ['UB61-10', 'gCBS'],
      ] as const
    ).map(([id, s]): [string, Case] => [
      id,
      {
        sample: {
          ...deferred,
          items: [
            {
              ...deferred.items[0]!,
              ibscbs: { ...deferred.items[0]!.ibscbs!, rates: { uf: '0.1', mun: '0.5', cbs: '0.9' } },
            },
          ],
        },
        breakIt: (t) => {
          const v = find(t, `${sphere(1, s)}/gDif/vDif`);
          v.text = (Number(v.text) + 0.05).toFixed(2);
        },
      },
    ]),
  ),

  // v1.31 p. 44–46: adjustment, reversal and presumed credit.
  'UB112-30': {
    sample: withIbs,
    alsoPasses: (t) =>
      ibsGroup(
        t,
        1,
        g('gAjusteCompet', [
          ['competApur', '2026-09'],
          ['vIBS', '0.00'],
          ['vCBS', '3.00'],
        ]),
        true,
      ),
    breakIt: (t) =>
      ibsGroup(
        t,
        1,
        g('gAjusteCompet', [
          ['competApur', '2026-09'],
          ['vIBS', '0.00'],
          ['vCBS', '0.00'],
        ]),
        true,
      ),
  },
  'UB116-30': {
    sample: withIbs,
    alsoPasses: (t) => {
      debit(t, '07');
      ibsGroup(
        t,
        1,
        g('gEstornoCred', [
          ['vIBSEstCred', '0.00'],
          ['vCBSEstCred', '0.00'],
        ]),
      );
    },
    breakIt: (t) =>
      ibsGroup(
        t,
        1,
        g('gEstornoCred', [
          ['vIBSEstCred', '0.00'],
          ['vCBSEstCred', '0.00'],
        ]),
      ),
  },
  'UB120-10': {
    sample: nfceWithIbs,
    breakIt: (t) => ibsGroup(t, 1, credPres('01', 'gIBSCredPres', [['vCredPres', '1.00']])),
  },
  'UB125-10': {
    sample: withIbs,
    alsoPasses: (t) => ibsGroup(t, 1, credPres('04', 'gIBSCredPres', [['vCredPres', '1000.00']])),
    breakIt: (t) => ibsGroup(t, 1, credPres('04', 'gIBSCredPres', [['vCredPres', '1000.01']])),
  },
  'UB129-10': {
    sample: withIbs,
    alsoPasses: (t) => ibsGroup(t, 2, credPres('01', 'gCBSCredPres', [['vCredPres', '300.00']])),
    breakIt: (t) => ibsGroup(t, 2, credPres('04', 'gCBSCredPres', [['vCredPres', '300.00']])),
  },
  'UB126-10': {
    sample: { ...withIbs, data: '2033-02-01' },
    alsoPasses: (t) =>
      ibsGroup(
        t,
        1,
        credPres('04', 'gIBSCredPres', [
          ['vCredPres', '0.00'],
          ['vCredPresCondSus', '5.00'],
        ]),
      ),
    breakIt: (t) =>
      ibsGroup(
        t,
        1,
        credPres('01', 'gIBSCredPres', [
          ['vCredPres', '0.00'],
          ['vCredPresCondSus', '5.00'],
        ]),
      ),
  },
  'UB130-10': {
    sample: withIbs,
    alsoPasses: (t) => ibsGroup(t, 1, credPres('04', 'gCBSCredPres', [['vCredPres', '5.00']])),
    breakIt: (t) =>
      ibsGroup(
        t,
        1,
        credPres('04', 'gCBSCredPres', [
          ['vCredPres', '0.00'],
          ['vCredPresCondSus', '5.00'],
        ]),
      ),
  },
  'UB131-10': { sample: nfceWithIbs, breakIt: (t) => ibsGroup(t, 1, zfm()) },
  'UB131-40': {
    sample: { ...withIbs, data: '2029-02-01' },
    alsoPasses: (t) => {
      credit(t, '02');
      ibsGroup(t, 1, zfm());
      ibsGroup(t, 2, zfm());
    },
    breakIt: (t) => {
      credit(t, '04');
      ibsGroup(t, 1, zfm());
    },
  },
  'UB131-50': {
    sample: { ...withIbs, data: '2029-02-01' },
    alsoPasses: (t) => {
      credit(t, '02');
      ibsGroup(t, 1, zfm());
      ibsGroup(t, 2, zfm());
    },
    breakIt: (t) => {
      credit(t, '02');
      ibsGroup(t, 1, zfm());
    },
  },
};

const found = (tree: XNode, id: string) => {
  const r = validateNfeRules(tree, { tabelas: tables, agora });
  return [...r.rejeicoes, ...r.alertas].filter((f) => f.regra === id);
};

describe('NT 2025.002 rules of groups B and UB read in its text: a positive and a negative case each', () => {
  const ids = Object.keys(cases);
  const rules = RULE_BOOK.filter((r) => ids.includes(r.id));

  it('every case is a rule of the book', () => {
    expect(ids.filter((id) => !rules.some((r) => r.id === id))).toEqual([]);
  });

  eachRuleCase(rules, cases, found);

  it('each rule with a requirement meets it in a positive case (the group is the fault in an NFC-e: no valid one)', () => {
    expect(positivesSkipped(cases, ['B10a-10', 'B31-10', 'UB120-10', 'UB131-10'])).toEqual([]);
  });

  it('every case gives the same findings with and without the requirements pre-filter', () => {
    expect(hiddenByRequirements(cases, { tabelas: tables, agora })).toEqual([]);
  });

  it('vDif = vBC × rate × pDif, exact and rounded half-up to the cent (UB23-10, NT 2025.002 v1.31 p. 35)', () => {
    expect(deferredCents('999.99', '0.0400', '37.5000')).toBe(15); // 0.149998… → 0.15
    expect(deferredCents('1000.00', '0.9000', '100.0000')).toBe(900);
    expect(deferredCents('333.33', '1.0000', '50.0000')).toBe(167); // 1.666… → 1.67
    expect(deferredCents('x', '1', '1')).toBeNull();
  });

  it('group B rules that look for an absence are not applied without the reform groups (note ** of the NT)', () => {
    const t = sampleNfe({ ...nfceWithIbs, items: [{ vProd: '30.00', icms: { cst: '00', pICMS: '18' } }] });
    setText(t, ide('indPres'), '5');
    expect(found(t, 'B25b-70')).toEqual([]);
  });

  it('a credit note of type 06 (created after the row read) referencing an NFC-e is not judged by B25-100', () => {
    const t = sampleNfe(withIbs);
    credit(t, '06');
    nfref(t, keyOf('65'));
    expect(found(t, 'B25-100')).toEqual([]);
  });

  it('gDevTrib in the IBS and CBS spheres is not refused for being there (UB24-10/UB43-10/UB62-10 of v1.40 unread; v1.31 subtracts vDevTrib)', () => {
    for (const [s, sph] of [
      [withIbs, 'gIBSUF'],
      [withIbs, 'gIBSMun'],
      [nfceWithIbs, 'gCBS'],
    ] as const) {
      const t = sampleNfe(s);
      into(t, sphere(1, sph), devTrib(), sph === 'gCBS' ? 'vCBS' : sph === 'gIBSUF' ? 'vIBSUF' : 'vIBSMun');
      const codes = validateNfeRules(t, { tabelas: tables, agora }).rejeicoes.map((r) => r.codigo);
      expect(codes.filter((c) => ['1111', '1112', '1187'].includes(c))).toEqual([]);
    }
  });

  it('the valid samples of these tests get no rejection from any rule of the book', () => {
    for (const s of [withIbs, nfceWithIbs, deferred]) {
      const r = validateNfeRules(sampleNfe(s), { tabelas: tables, agora });
      expect(r.rejeicoes).toEqual([]);
    }
  });
});
