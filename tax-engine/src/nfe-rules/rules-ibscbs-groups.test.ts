import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import type { SampleNfe } from './sample-nfe.js';
import { sampleNfe } from './sample-nfe.js';
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
import type { NfeTables } from './types.js';
import { validateNfeRules } from './validate.js';
import type { XNode } from './xml-node.js';

// NT 2025.002-RTC v1.31 rows of group UB on the item's groups beside gIBSCBS against an indicator of the CST table
// (p. 33: UB13-39, UB13-44, UB13-45; p. 44–46: UB112-20, UB131-30) or of the cClassTrib table (p. 44–45: UB116-20,
// UB120-20), read in a public PDF→Markdown conversion and not changed in the histories of v1.32 … v1.51. The
// indicators are those of Receita's calculator data (reference-data/rtc): CST 620 ind_gIBSCBSMono 1, CST 800
// ind_gTransfCred 1, CST 810 ind_gCredPresIBSZFM 1, CST 811 ind_gAjusteCompet 1, cClassTrib 410026/410030
// ind_gEstornoCred 1, 000003/000004/410014 ind_gCredPresOper 1. Each rule: a consistent NF-e (positive: not
// reported) and the same NF-e broken the one way the row describes (negative: reported with the rule's id and code).
const tables = bundledTables();
const I = 'NFe/infNFe';
const agora = new Date('2026-10-11T12:00:00-03:00');
const ibs = { cst: '000', cClassTrib: '000001' };
const withIbs: SampleNfe = {
  emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
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

const ibscbs = (n: number) => `${I}/det[${n}]/imposto/IBSCBS`;
const g = (name: string, fields: [string, string][]) =>
  el(
    name,
    fields.map(([k, v]) => el(k, v)),
  );
/** Item n under another CST/cClassTrib, its gIBSCBS replaced by `group` (or dropped), as the layout's choice has it. */
const retype = (t: XNode, n: number, cst: string, cClassTrib: string, group?: XNode) => {
  setText(t, `${ibscbs(n)}/CST`, cst);
  setText(t, `${ibscbs(n)}/cClassTrib`, cClassTrib);
  const parent = find(t, ibscbs(n));
  parent.children = parent.children.filter((c) => c.name !== 'gIBSCBS');
  if (group) parent.children.push(group);
};
/** Appends a group after the item's gIBSCBS (gEstornoCred, gCredPresOper, gCredPresIBSZFM). */
const add = (t: XNode, n: number, group: XNode) => insert(t, ibscbs(n), group);
const mono = () =>
  el('gIBSCBSMono', [
    g('gMonoPadrao', [
      ['qBCMono', '100.0000'],
      ['adRemIBS', '0.1000'],
      ['adRemCBS', '0.9000'],
      ['vIBSMono', '10.00'],
      ['vCBSMono', '90.00'],
    ]),
    el('vTotIBSMonoItem', '10.00'),
    el('vTotCBSMonoItem', '90.00'),
  ]);
const transf = () =>
  g('gTransfCred', [
    ['vIBS', '10.00'],
    ['vCBS', '90.00'],
  ]);
const ajuste = () =>
  g('gAjusteCompet', [
    ['competApur', '2026-09'],
    ['vIBS', '1.00'],
    ['vCBS', '9.00'],
  ]);
const estorno = () =>
  g('gEstornoCred', [
    ['vIBSEstCred', '1.00'],
    ['vCBSEstCred', '9.00'],
  ]);
const credPres = (cCredPres: string) =>
  el('gCredPresOper', [
    el('vBCCredPres', '1000.00'),
    el('cCredPres', cCredPres),
    g('gCBSCredPres', [
      ['pCredPres', '1.0000'],
      ['vCredPres', '10.00'],
    ]),
  ]);
const zfm = () =>
  g('gCredPresIBSZFM', [
    ['competApur', '2026-09'],
    ['tpCredPresIBSZFM', '1'],
    ['vCredPresIBSZFM', '10.00'],
  ]);
const debit = (t: XNode, tp: string) => {
  setText(t, `${I}/ide/finNFe`, '6');
  insert(t, `${I}/ide`, el('tpNFDebito', tp), 'procEmi');
};

type Case = RuleCase;

const cases: Record<string, Case> = {
  'UB13-39': {
    sample: withIbs,
    alsoPasses: (t) => retype(t, 1, '620', '620001', mono()),
    breakIt: (t) => retype(t, 1, '000', '000001', mono()),
  },
  'UB13-44': {
    sample: withIbs,
    alsoPasses: (t) => retype(t, 1, '800', '800001', transf()),
    breakIt: (t) => retype(t, 2, '000', '000001', transf()),
  },
  'UB13-45': {
    sample: withIbs,
    alsoPasses: (t) => retype(t, 1, '800', '800002', transf()),
    breakIt: (t) => retype(t, 1, '800', '800002'),
  },
  'UB112-20': {
    sample: withIbs,
    alsoPasses: (t) => retype(t, 1, '811', '811001', ajuste()),
    breakIt: (t) => retype(t, 1, '811', '811001'),
  },
  'UB116-20': {
    sample: withIbs,
    alsoPasses: (t) => {
      retype(t, 1, '410', '410026');
      add(t, 1, estorno());
    },
    breakIt: (t) => retype(t, 1, '410', '410026'),
  },
  'UB120-20': {
    sample: withIbs,
    alsoPasses: (t) => {
      setText(t, `${ibscbs(1)}/cClassTrib`, '000003');
      add(t, 1, credPres('01'));
    },
    breakIt: (t) => add(t, 1, credPres('01')),
  },
  'UB131-30': {
    sample: withIbs,
    alsoPasses: (t) => {
      retype(t, 1, '810', '810001');
      add(t, 1, zfm());
    },
    breakIt: (t) => retype(t, 1, '810', '810001'),
  },
};

const found = (tree: XNode, id: string, tabelas: NfeTables | null = tables) => {
  const r = validateNfeRules(tree, { tabelas, agora });
  return r.rejeicoes.filter((f) => f.regra === id);
};

describe('NT 2025.002 UB rows on the groups beside gIBSCBS by CST/cClassTrib indicator: a positive and a negative case each', () => {
  const ids = Object.keys(cases);
  const rules = RULE_BOOK.filter((r) => ids.includes(r.id));

  it('every case is a rule of the book', () => {
    expect(ids.filter((id) => !rules.some((r) => r.id === id))).toEqual([]);
  });

  eachRuleCase(rules, cases, (t, id) => found(t, id), { field: /^NFe\/infNFe\/det\[nItem=\d\]\/imposto\/IBSCBS\/g/ });

  it('each rule meets its requirement in a positive case', () => {
    expect(positivesSkipped(cases)).toEqual([]);
  });

  it('every case gives the same findings with and without the requirements pre-filter', () => {
    expect(hiddenByRequirements(cases, { tabelas: tables, agora })).toEqual([]);
  });

  it('UB116-20 (NT 2025.002 v1.31 p. 44): a debit note of loss in stock (tpNFDebito 07) requires gEstornoCred whatever the cClassTrib', () => {
    const t = sampleNfe(withIbs);
    debit(t, '07');
    expect(found(t, 'UB116-20').map((f) => f.nItem)).toEqual([1, 2]);
    add(t, 1, estorno());
    add(t, 2, estorno());
    expect(found(t, 'UB116-20')).toEqual([]);
  });

  it('UB120-20 (NT 2025.002 v1.31 p. 45): not applied to the supply of a used movable good (indBemMovelUsado 1)', () => {
    const t = sampleNfe(withIbs);
    add(t, 1, credPres('01'));
    insert(t, `${I}/det[1]/prod`, el('indBemMovelUsado', '1'));
    expect(found(t, 'UB120-20')).toEqual([]);
  });

  it('UB13-39 (NT 2025.002 v1.31 p. 33) is applied only before v1.50 reformulated the fuels’ monophasic rules (03/11/2026)', () => {
    const t = sampleNfe({ ...withIbs, data: '2026-11-03' });
    cases['UB13-39']!.breakIt(t);
    expect(found(t, 'UB13-39')).toEqual([]);
  });

  it('without the indicators (a caller whose tables carry only gIBSCBS/gRed/gDif) or without tables, none is applied', () => {
    const bare: NfeTables = {
      ...tables,
      ibsCbsCst: (cst) => {
        const r = tables.ibsCbsCst(cst);
        return r && { gIBSCBS: r.gIBSCBS, gRed: r.gRed, gDif: r.gDif };
      },
      cClassTrib: (code) => {
        const r = tables.cClassTrib(code);
        return r && { cst: r.cst, exigeTribRegular: r.exigeTribRegular };
      },
    };
    for (const [id, c] of Object.entries(cases)) {
      const t = sampleNfe(c.sample);
      c.breakIt(t);
      expect(found(t, id, bare), id).toEqual([]);
      const none = validateNfeRules(t, { tabelas: null, agora });
      expect(
        none.naoAplicadas.map((n) => n.regra),
        id,
      ).toContain(id);
    }
  });

  it('the models of the rows: UB13-39/44/45 in the NFC-e too, the others only in the NF-e', () => {
    const t = sampleNfe(nfceWithIbs);
    retype(t, 1, '000', '000001', transf());
    expect(found(t, 'UB13-44')).toHaveLength(1);
    const rules = RULE_BOOK.filter((r) => r.id in cases);
    expect(Object.fromEntries(rules.map((r) => [r.id, r.modelos.join('/')]))).toEqual({
      'UB13-39': '55/65',
      'UB13-44': '55/65',
      'UB13-45': '55/65',
      'UB112-20': '55',
      'UB116-20': '55',
      'UB120-20': '55',
      'UB131-30': '55',
    });
  });
});
