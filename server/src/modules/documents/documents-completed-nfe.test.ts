import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocumentFinding, TNfeCompleteResponse } from '@app/contract';
import { el, nodeToXml, sampleNfe, type XNode } from '@app/tax-engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { parseXmlTree } from '../nfe-validation/nfe-xml-scan.js';
import { seedProductActors } from '../products/products.fixtures.js';
import { findingsOf, importDocuments } from './documents.test-helpers.js';

// The documents audit re-reads what POST /v1/public/nfe/complete writes, and finds nothing in it (decisions 074 and
// 075). From 2027 each det's vProd carries its IBS, CBS and IS ("compondo o valor informado no campo vProd", NT
// 2026.008 v1.00, introdução; I11 observação): the audit computes every base on the goods' value without them,
// as the completion did. And one reading of dest/indIEDest: 2 ("contribuinte isento de inscrição", MOC 7.0 E16a)
// is an ICMS contributor — no DIFAL by the seller, which is due only to a "consumidor final não contribuinte"
// (CF art. 155, §2º, VII, EC 87/2015; LC 190/2022), and the ICMSUFDest group is for indIEDest 9 alone (NA01-30).
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: await mkdtemp(join(tmpdir(), 'documents-completed-')) });
  s = await seedProductActors(ctx.db);
});

interface Line {
  code: string;
  vProd: string;
  pICMS: string;
}

/**
 * A draft as an ERP sends it to /nfe/complete: each det with prod, ICMS00 at `pICMS` and IBSCBS 000/000001, from
 * the company (SP) to a recipient in `uf` with dest/indIEDest `ind` (indFinal 0 to a contributor with IE, else 1),
 * paid `vPag` (the vNF the completion will write).
 */
function draft(o: {
  numero: number;
  data: string;
  uf: string;
  ind: '1' | '2' | '9';
  cfop: string;
  lines: Line[];
  vPag: string;
}) {
  const t = sampleNfe({
    emitente: { cnpj: s.companySP.document, uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: o.uf, contribuinte: true },
    numero: o.numero,
    data: o.data,
    items: o.lines.map(() => ({ vProd: '1.00', icms: { cst: '41' } })),
  });
  const infNFe = t.children[0]!;
  let n = 0;
  infNFe.children = infNFe.children.map((c): XNode => {
    if (c.name === 'ide')
      return {
        ...c,
        children: c.children.map((x) => (x.name === 'indFinal' ? { ...x, text: o.ind === '1' ? '0' : '1' } : x)),
      };
    if (c.name === 'dest') {
      const rest = c.children.filter((x) => x.name !== 'IE' && x.name !== 'indIEDest');
      // Only indIEDest 1 carries the IE (E17-30, rejection 791: an exempt recipient has none).
      const ie = o.ind === '1' ? [el('IE', c.children.find((x) => x.name === 'IE')!.text)] : [];
      return { ...c, children: [...rest, el('indIEDest', o.ind), ...ie] };
    }
    if (c.name === 'total') return el('total', [el('ICMSTot', [el('vNF', '0.00')])]);
    if (c.name === 'pag') return el('pag', [el('detPag', [el('tPag', '01'), el('vPag', o.vPag)])]);
    if (c.name !== 'det') return c;
    const line = o.lines[n++]!;
    const q = '2.0000';
    const prod = el(
      'prod',
      [
        ['cProd', line.code],
        ['cEAN', 'SEM GTIN'],
        ['xProd', `PRODUTO ${line.code}`],
        ['NCM', '84713012'],
        ['CFOP', o.cfop],
        ['uCom', 'UN'],
        ['qCom', q],
        ['vUnCom', (Number(line.vProd) / 2).toFixed(2)],
        ['vProd', line.vProd],
        ['cEANTrib', 'SEM GTIN'],
        ['uTrib', 'UN'],
        ['qTrib', q],
        ['vUnTrib', (Number(line.vProd) / 2).toFixed(2)],
        ['indTot', '1'],
      ].map(([k, v]) => el(k!, v!)),
    );
    const icms = el('ICMS', [
      el('ICMS00', [el('orig', '0'), el('CST', '00'), el('modBC', '3'), el('pICMS', line.pICMS)]),
    ]);
    const ibscbs = el('IBSCBS', [el('CST', '000'), el('cClassTrib', '000001')]);
    return el('det', [prod, el('imposto', [icms, ibscbs])], c.attrs);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(t)}`;
}

/** The leaf at a slash path under `node` ('det/imposto/ICMS/ICMS00/vICMS' takes the first det). */
function leaf(node: XNode, path: string): XNode | undefined {
  let at: XNode | undefined = node;
  for (const step of path.split('/')) at = at?.children.find((c) => c.name === step);
  return at;
}

/** POST /nfe/complete, and the completed NFe as a tree. */
async function complete(xml: string): Promise<{ out: TNfeCompleteResponse; tree: XNode }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/public/nfe/complete',
    headers: { ...s.headers.member, 'content-type': 'application/xml' },
    payload: xml,
  });
  expect(res.statusCode, res.body).toBe(200);
  const out = res.json<TNfeCompleteResponse>();
  const tree = parseXmlTree(out.xml);
  return { out, tree };
}

const xmlOf = (tree: XNode) => `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(tree)}`;
const infOf = (tree: XNode) => tree.children.find((c) => c.name === 'infNFe')!;
const findingRows = (all: TDocumentFinding[], numero: number) =>
  all
    .filter((f) => f.documentNumber === String(numero))
    .map((f) => [f.nItem, f.kind, f.field, f.expected, f.found, f.difference, f.ruleCode]);

describe('documents audit of NF-e completed by /nfe/complete: from 2027 vProd carries IBS/CBS (NT 2026.008)', () => {
  let findings: TDocumentFinding[];
  let written: { vProd: string[]; vICMS: string[] };

  beforeAll(async () => {
    const lines = [
      { code: 'C27A', vProd: '1000.00', pICMS: '18.00' },
      { code: 'C27B', vProd: '300.00', pICMS: '18.00' },
    ];
    const base = { uf: 'SP', ind: '1' as const, cfop: '5102', lines };
    // vNF 2027: 1,069.70 + 320.90 (the taxes inside vProd, below); 2026: 1,300.00.
    const clean27 = await complete(draft({ ...base, numero: 2701, data: '2027-03-10', vPag: '1390.60' }));
    expect(clean27.out.rejeicoes).toEqual([]);
    const dets = infOf(clean27.tree).children.filter((c) => c.name === 'det');
    written = {
      vProd: dets.map((d) => leaf(d, 'prod/vProd')!.text),
      vICMS: dets.map((d) => leaf(d, 'imposto/ICMS/ICMS00/vICMS')!.text),
    };

    // The same sale with item 1's ICMS wrong: 200.00 on its base of 1,000.00 at 18 % (an arithmetic error), and
    // everything after it consistent with that ICMS, as the issuer's system would write it: the IBS/CBS base
    // 1,000.00 − 200.00 = 800.00, CBS 8.4 % = 67.20, IBS 0.05 % + 0.05 % = 0.40 + 0.40 (2027 rates,
    // reference-data/rtc), vProd 1,000.00 + 67.20 + 0.80 = 1,068.00, unit 534.00, and the totals with it.
    const wrong = await complete(draft({ ...base, numero: 2702, data: '2027-03-10', vPag: '1390.60' }));
    const inf = infOf(wrong.tree);
    const det1 = inf.children.find((c) => c.name === 'det')!;
    const set = (node: XNode, path: string, value: string) => {
      leaf(node, path)!.text = value;
    };
    const before = (path: string) => Number(leaf(det1, path)!.text);
    const delta = {
      vICMS: 200 - before('imposto/ICMS/ICMS00/vICMS'),
      vBC: 800 - before('imposto/IBSCBS/gIBSCBS/vBC'),
      vIBSUF: 0.4 - before('imposto/IBSCBS/gIBSCBS/gIBSUF/vIBSUF'),
      vIBSMun: 0.4 - before('imposto/IBSCBS/gIBSCBS/gIBSMun/vIBSMun'),
      vCBS: 67.2 - before('imposto/IBSCBS/gIBSCBS/gCBS/vCBS'),
      vProd: 1068 - before('prod/vProd'),
    };
    set(det1, 'imposto/ICMS/ICMS00/vICMS', '200.00');
    set(det1, 'imposto/IBSCBS/gIBSCBS/vBC', '800.00');
    set(det1, 'imposto/IBSCBS/gIBSCBS/gIBSUF/vIBSUF', '0.40');
    set(det1, 'imposto/IBSCBS/gIBSCBS/gIBSMun/vIBSMun', '0.40');
    set(det1, 'imposto/IBSCBS/gIBSCBS/vIBS', '0.80');
    set(det1, 'imposto/IBSCBS/gIBSCBS/gCBS/vCBS', '67.20');
    set(det1, 'prod/vProd', '1068.00');
    set(det1, 'prod/vUnCom', '534.0000000000');
    set(det1, 'prod/vUnTrib', '534.0000000000');
    const shift = (path: string, by: number) => {
      const n = leaf(inf, path)!;
      n.text = (Number(n.text) + by).toFixed(2);
    };
    shift('total/ICMSTot/vICMS', delta.vICMS);
    shift('total/ICMSTot/vProd', delta.vProd);
    shift('total/ICMSTot/vNF', delta.vProd);
    shift('total/vNFTot', delta.vProd);
    shift('pag/detPag/vPag', delta.vProd);
    shift('total/IBSCBSTot/vBCIBSCBS', delta.vBC);
    shift('total/IBSCBSTot/gIBS/gIBSUF/vIBSUF', delta.vIBSUF);
    shift('total/IBSCBSTot/gIBS/gIBSMun/vIBSMun', delta.vIBSMun);
    shift('total/IBSCBSTot/gIBS/vIBS', delta.vIBSUF + delta.vIBSMun);
    shift('total/IBSCBSTot/gCBS/vCBS', delta.vCBS);

    // 2026, the test year: IBS/CBS shown, outside vProd (NT 2025.002, exceção 1); the same wrong ICMS.
    const clean26 = await complete(draft({ ...base, numero: 2601, data: '2026-03-10', vPag: '1300.00' }));
    expect(clean26.out.rejeicoes).toEqual([]);

    const imported = await importDocuments(
      ctx.app,
      s.companySP.id,
      [
        { name: 'limpa-2027.xml', content: xmlOf(clean27.tree) },
        { name: 'icms-errado-2027.xml', content: xmlOf(wrong.tree) },
        { name: 'limpa-2026.xml', content: xmlOf(clean26.tree) },
      ],
      s.headers.member,
    );
    expect(imported.status).toBe('Done');
    expect(imported.documents).toBe(3);
    findings = await findingsOf(ctx.app, imported.id, s.headers.member);
  });

  it('the completed 2027 NF-e carries IBS/CBS in vProd (1,069.70 and 320.90) over the ICMS of the goods', () => {
    // Item 1: ICMS 18 % of 1,000.00 = 180.00; IBS/CBS base 820.00: CBS 68.88 + IBS 0.41 + 0.41 = 69.70 in vProd.
    // Item 2: ICMS 54.00; base 246.00: CBS 20.66 (20.664) + IBS 0.12 + 0.12 (0.123 each) = 20.90 in vProd.
    expect(written).toEqual({ vProd: ['1069.70', '320.90'], vICMS: ['180.00', '54.00'] });
  });

  it('re-audited by the documents import, the completed 2027 NF-e gives no finding', () => {
    expect(findingRows(findings, 2701)).toEqual([]);
  });

  it('the same 2027 sale with a wrong ICMS: one finding, 180.00 expected on the goods’ 1,000.00; item 2 clean', () => {
    // vICMS = vBC × pICMS = 1,000.00 × 18 % = 180.00 (MOC, grupo N); found 200.00, 20.00 charged over. The IBS/CBS
    // of the item, on its own ICMS (800.00), are consistent and not flagged again; item 2 has no finding.
    expect(findingRows(findings, 2702)).toEqual([
      // The rule book's N17-20 (rejection 528, vICMS ≠ vBC × pICMS) names the same field: the finding carries it.
      [1, 'valor-divergente', 'vICMS', '180.00', '200.00', '20.00', '528 · N17-20'],
    ]);
  });

  it('2026: vProd is the goods as written (IBS/CBS outside it) and the completed NF-e gives no finding', () => {
    expect(findingRows(findings, 2601)).toEqual([]);
  });
});

describe('indIEDest 2 (contribuinte isento de inscrição) read as a contributor by /nfe/complete and by the audit', () => {
  const interstate = (numero: number, ind: '2' | '9', cfop = '6102') =>
    draft({
      numero,
      data: '2026-03-10',
      uf: 'RJ',
      ind,
      cfop,
      lines: [{ code: `I${numero}`, vProd: '1000.00', pICMS: '12.00' }],
      vPag: '1000.00',
    });

  it('/nfe/complete: to an exempt contributor in RJ, the interstate 12 % and no ICMSUFDest; to a non-contributor, the DIFAL', async () => {
    // SP → RJ: 12 % (Resolução do Senado 22/1989); DIFAL only to a "consumidor final não contribuinte" (EC 87/2015).
    const exempt = await complete(interstate(3001, '2'));
    const det = (t: XNode) => infOf(t).children.find((c) => c.name === 'det')!;
    expect(leaf(det(exempt.tree), 'imposto/ICMS/ICMS00/vICMS')?.text).toBe('120.00');
    expect(leaf(det(exempt.tree), 'imposto/ICMSUFDest')).toBeUndefined();
    expect(exempt.out.rejeicoes).toEqual([]);
    const consumer = await complete(interstate(3002, '9'));
    expect(leaf(det(consumer.tree), 'imposto/ICMS/ICMS00/vICMS')?.text).toBe('120.00');
    expect(leaf(det(consumer.tree), 'imposto/ICMSUFDest/vICMSUFDest')).toBeDefined();
  });

  it('the audit: the completed sale to indIEDest 2 is clean; CFOP 6.108 (to a non-contributor) to it is the finding', async () => {
    const clean = await complete(interstate(3101, '2'));
    const cfop = await complete(interstate(3102, '2', '6108'));
    const imported = await importDocuments(
      ctx.app,
      s.companySP.id,
      [
        { name: 'isento.xml', content: xmlOf(clean.tree) },
        { name: 'isento-6108.xml', content: xmlOf(cfop.tree) },
      ],
      s.headers.member,
    );
    expect(imported.status).toBe('Done');
    const all = await findingsOf(ctx.app, imported.id, s.headers.member);
    expect(findingRows(all, 3101)).toEqual([]);
    // CFOP 6.108 is the sale "destinada a não contribuinte" (Convênio s/nº de 1970, tabela de CFOP): a contributor
    // in another state is sold with 6.102.
    expect(findingRows(all, 3102)).toEqual([
      [1, 'cfop-incompativel', 'CFOP', '6102', '6108', null, 'cfop-contribuinte'],
    ]);
  });
});

describe('a 2027 NF-e in NT 2025.002 v1.31’s net form (vProd without IBS/CBS, vNFTot = vNF + taxes)', () => {
  // VB01-10/20 and W60-05/10 are alerts while the NTs say "Implementação futura" (decision 075), so SEFAZ may
  // authorise a 2027 document whose vProd is the goods' value and whose vNFTot adds vIBS + vCBS + vIS (v1.31, W60
  // "Valor total da NF-e com IBS / CBS / IS"). The audit tells the form by its totals (prodFormOf) and takes
  // nothing out of such a vProd.
  let findings: TDocumentFinding[];

  /** The completed (gross) 2027 NF-e rewritten in the net form: each vProd and ICMSTot's vProd/vNF without the taxes. */
  function toNetForm(tree: XNode) {
    const inf = infOf(tree);
    let carried = 0;
    for (const det of inf.children.filter((c) => c.name === 'det')) {
      const g = (path: string) => Number(leaf(det, path)?.text ?? 0);
      const taxes = g('imposto/IBSCBS/gIBSCBS/vIBS') + g('imposto/IBSCBS/gIBSCBS/gCBS/vCBS');
      carried += taxes;
      const net = (g('prod/vProd') - taxes).toFixed(2);
      leaf(det, 'prod/vProd')!.text = net;
      leaf(det, 'prod/vUnCom')!.text = (Number(net) / 2).toFixed(10);
      leaf(det, 'prod/vUnTrib')!.text = (Number(net) / 2).toFixed(10);
    }
    for (const path of ['total/ICMSTot/vProd', 'total/ICMSTot/vNF']) {
      const n = leaf(inf, path)!;
      n.text = (Number(n.text) - carried).toFixed(2);
    }
    // Paid vNF: the rule book's YA03-20 (866) compares the payment with vNF, which this test is not about.
    leaf(inf, 'pag/detPag/vPag')!.text = leaf(inf, 'total/ICMSTot/vNF')!.text;
    return inf;
  }

  beforeAll(async () => {
    const lines = [
      { code: 'N27A', vProd: '1000.00', pICMS: '18.00' },
      { code: 'N27B', vProd: '300.00', pICMS: '18.00' },
    ];
    const base = { uf: 'SP', ind: '1' as const, cfop: '5102', lines, data: '2027-03-10', vPag: '1390.60' };
    const clean = await complete(draft({ ...base, numero: 2711 }));
    const cleanInf = toNetForm(clean.tree);
    // vNF 1,300.00 (the goods) and vNFTot 1,390.60 = 1,300.00 + IBS 1.06 + CBS 89.54 (items 1 and 2 above).
    expect([leaf(cleanInf, 'total/ICMSTot/vNF')!.text, leaf(cleanInf, 'total/vNFTot')!.text]).toEqual([
      '1300.00',
      '1390.60',
    ]);

    // Item 1's ICMS 200.00 instead of 18 % of 1,000.00, the rest consistent with it (as in the gross test above):
    // IBS/CBS base 800.00, CBS 67.20, IBS 0.40 + 0.40; vProd stays 1,000.00, vNFTot = 1,300.00 + 0.80 + 67.20 + 21.02.
    const wrong = await complete(draft({ ...base, numero: 2712 }));
    const inf = toNetForm(wrong.tree);
    const det1 = inf.children.find((c) => c.name === 'det')!;
    const before = (path: string) => Number(leaf(det1, path)!.text);
    const delta = {
      vICMS: 200 - before('imposto/ICMS/ICMS00/vICMS'),
      vBC: 800 - before('imposto/IBSCBS/gIBSCBS/vBC'),
      vIBSUF: 0.4 - before('imposto/IBSCBS/gIBSCBS/gIBSUF/vIBSUF'),
      vIBSMun: 0.4 - before('imposto/IBSCBS/gIBSCBS/gIBSMun/vIBSMun'),
      vCBS: 67.2 - before('imposto/IBSCBS/gIBSCBS/gCBS/vCBS'),
    };
    for (const [path, value] of [
      ['imposto/ICMS/ICMS00/vICMS', '200.00'],
      ['imposto/IBSCBS/gIBSCBS/vBC', '800.00'],
      ['imposto/IBSCBS/gIBSCBS/gIBSUF/vIBSUF', '0.40'],
      ['imposto/IBSCBS/gIBSCBS/gIBSMun/vIBSMun', '0.40'],
      ['imposto/IBSCBS/gIBSCBS/vIBS', '0.80'],
      ['imposto/IBSCBS/gIBSCBS/gCBS/vCBS', '67.20'],
    ] as const)
      leaf(det1, path)!.text = value;
    const shift = (path: string, by: number) => {
      const n = leaf(inf, path)!;
      n.text = (Number(n.text) + by).toFixed(2);
    };
    const taxes = delta.vIBSUF + delta.vIBSMun + delta.vCBS;
    shift('total/ICMSTot/vICMS', delta.vICMS);
    shift('total/vNFTot', taxes);
    shift('total/IBSCBSTot/vBCIBSCBS', delta.vBC);
    shift('total/IBSCBSTot/gIBS/gIBSUF/vIBSUF', delta.vIBSUF);
    shift('total/IBSCBSTot/gIBS/gIBSMun/vIBSMun', delta.vIBSMun);
    shift('total/IBSCBSTot/gIBS/vIBS', delta.vIBSUF + delta.vIBSMun);
    shift('total/IBSCBSTot/gCBS/vCBS', delta.vCBS);

    const imported = await importDocuments(
      ctx.app,
      s.companySP.id,
      [
        { name: 'liquida-2027.xml', content: xmlOf(clean.tree) },
        { name: 'liquida-icms-errado-2027.xml', content: xmlOf(wrong.tree) },
      ],
      s.headers.member,
    );
    expect(imported.status).toBe('Done');
    expect(imported.documents).toBe(2);
    findings = await findingsOf(ctx.app, imported.id, s.headers.member);
  });

  it('the clean net-form document: vProd is the goods’ value, no finding', () => {
    // Read as gross, 69.70 and 20.90 would come out of vProd: ICMS 18 % of 930.30 = 167.45 expected against 180.00.
    expect(findingRows(findings, 2711)).toEqual([]);
  });

  it('a wrong ICMS in the net form: 180.00 expected on the goods’ 1,000.00 (not on 1,000.00 − the taxes)', () => {
    expect(findingRows(findings, 2712)).toEqual([
      [1, 'valor-divergente', 'vICMS', '180.00', '200.00', '20.00', '528 · N17-20'],
    ]);
  });
});
