import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccessKey, buildEfd, buildNfeXml, buildZip, type FixtureItem } from '../documents.fixtures.js';
import { isValidAccessKey } from './access-key.js';
import type { FiscalDocument, ReadEvent, ReadProblem } from './document-model.js';
import { DEFAULT_READ_LIMITS } from './nfe-layout-limits.js';
import { readSourceFile } from './source-files.js';

const OWN = '11222333000181';
const OTHER = '44555666000181';
const item: FixtureItem = {
  code: 'A1',
  description: 'CERVEJA LATA 350ML',
  gtin: '7891234567895',
  ncm: '22030000',
  cest: '0302100',
  cfop: '5102',
  vProd: '100.00',
  icms: { cst: '00', pICMS: '18.00', vICMS: '18.00' },
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'documents-read-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function readAll(
  name: string,
  data: Buffer | string,
  limits?: Parameters<typeof readSourceFile>[3],
  read?: Parameters<typeof readSourceFile>[4],
) {
  const path = join(dir, name);
  await writeFile(path, data);
  const docs: FiscalDocument[] = [];
  const problems: ReadProblem[] = [];
  for await (const e of readSourceFile(path, name, OWN, limits, read) as AsyncGenerator<ReadEvent>) {
    if ('document' in e) docs.push(e.document);
    else if ('problem' in e) problems.push(e.problem);
  }
  return { docs, problems };
}

describe('access key (MOC 4.00 §2.2.6, modulus 11)', () => {
  // Worked example of the MOC's key composition: the digit follows from the 43 before it.
  it('accepts a key whose digit is the modulus-11 digit and refuses any other digit', () => {
    const key = buildAccessKey({ issuerCnpj: OWN, issuerUf: 'SP', number: 1 });
    expect(isValidAccessKey(key)).toBe(true);
    expect(isValidAccessKey(key.slice(0, 43) + ((Number(key[43]) + 1) % 10))).toBe(false);
    expect(isValidAccessKey(key.slice(0, 43))).toBe(false);
  });
});

describe('NF-e XML reader', () => {
  it('reads nfeProc with its protocol: key, parties, items and taxes by tag', async () => {
    const xml = buildNfeXml({
      issuerCnpj: OWN,
      issuerUf: 'SP',
      recipientCnpj: OTHER,
      recipientUf: 'RJ',
      number: 7,
      items: [item, { ...item, code: 'B2' }],
    });
    const { docs, problems } = await readAll('nota.xml', xml);
    expect(problems).toEqual([]);
    expect(docs).toHaveLength(1);
    const d = docs[0]!;
    expect(isValidAccessKey(d.chave)).toBe(true);
    expect([d.issuerCnpj, d.recipientDoc, d.ufOrigin, d.ufDestination, d.protocolStatus, d.number]).toEqual([
      OWN,
      OTHER,
      'SP',
      'RJ',
      '100',
      '7',
    ]);
    expect(
      d.items.map((i) => [i.nItem, i.prod.cProd, i.taxes['ICMS.CST'], i.taxes['ICMS.vICMS'], i.taxes['PIS.CST']]),
    ).toEqual([
      [1, 'A1', '00', '18.00', '07'],
      [2, 'B2', '00', '18.00', '07'],
    ]);
  });

  it('refuses a DOCTYPE (XXE) without reading the entity', async () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE NFe [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><NFe><infNFe Id="NFe1"><ide><nNF>&xxe;</nNF></ide></infNFe></NFe>`;
    const { docs, problems } = await readAll('xxe.xml', xml);
    expect(docs).toEqual([]);
    expect(problems[0]!.message).toMatch(/DOCTYPE/);
  });

  it('reports malformed XML with its file and line', async () => {
    const { problems } = await readAll('ruim.xml', '<?xml version="1.0"?>\n<NFe>\n<infNFe>\n<ide></nope>\n</NFe>');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ fileName: 'ruim.xml', line: 4 });
  });

  it('checks each NF-e against the rule book while reading, unless auditRules is off (DOCUMENTS_AUDIT_RULES=0)', async () => {
    // The buyer's CNPJ with a wrong check digit (…0172 for …0181): MOC 7.0, rule E02-10, rejection 208.
    const xml = buildNfeXml({
      issuerCnpj: OWN,
      issuerUf: 'SP',
      recipientCnpj: '44555666000172',
      recipientUf: 'SP',
      number: 9,
      items: [item],
    });
    const on = await readAll('regras.xml', xml);
    expect(on.docs[0]!.rejections).toContainEqual(
      expect.objectContaining({ code: '208', field: 'NFe/infNFe/dest/CNPJ', found: '44555666000172' }),
    );
    const off = await readAll('regras.xml', xml, undefined, { ...DEFAULT_READ_LIMITS, auditRules: false });
    expect(off.docs).toHaveLength(1);
    expect(off.docs[0]!.rejections).toBeUndefined();
  });

  it('refuses a Latin-1 XML (NF-e are UTF-8)', async () => {
    const xml = buildNfeXml({
      issuerCnpj: OWN,
      issuerUf: 'SP',
      recipientCnpj: OTHER,
      recipientUf: 'SP',
      number: 8,
      items: [{ ...item, description: 'AÇÚCAR' }],
    });
    const { docs, problems } = await readAll('latin1.xml', Buffer.from(xml, 'latin1'));
    expect(docs).toEqual([]);
    expect(problems[0]!.message).toMatch(/UTF-8/);
  });
});

describe('ZIP reader', () => {
  const nfe = (n: number) =>
    buildNfeXml({ issuerCnpj: OWN, issuerUf: 'SP', recipientCnpj: OTHER, recipientUf: 'SP', number: n, items: [item] });

  it('reads XMLs in folders, never using entry names as paths, and reports the rest', async () => {
    const zip = buildZip([
      { name: 'notas/2026/1.xml', data: nfe(1) },
      { name: '../../escape.xml', data: nfe(2) },
      { name: 'leia-me.txt', data: 'oi' },
      { name: 'notas/quebrada.xml', data: '<NFe><infNFe>' },
    ]);
    const { docs, problems } = await readAll('lote.zip', zip);
    expect(docs.map((d) => d.number)).toEqual(['1', '2']);
    expect(problems.map((p) => p.fileName)).toEqual(['lote.zip/leia-me.txt', 'lote.zip/notas/quebrada.xml']);
  });

  it('refuses a zip bomb by its real inflated size and ratio, whatever the header declares', async () => {
    const zip = buildZip([
      { name: 'bomba.xml', data: Buffer.alloc(50 * 1024 * 1024, 0x20) },
      { name: 'ok.xml', data: nfe(3) },
    ]);
    const { docs, problems } = await readAll('bomba.zip', zip);
    expect(problems[0]!.message).toMatch(/bomba ZIP|maior que/);
    expect(docs.map((d) => d.number)).toEqual(['3']);
  });

  it('refuses too many entries and an empty ZIP', async () => {
    const many = buildZip(Array.from({ length: 30 }, (_, i) => ({ name: `${i}.xml`, data: nfe(i + 1) })));
    const limits = { maxEntries: 20, maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 30, maxRatio: 200 };
    expect((await readAll('muitos.zip', many, limits)).problems[0]!.message).toMatch(/entradas|arquivos/);
    expect((await readAll('vazio.zip', buildZip([]))).problems[0]!.message).toMatch(/vazio/);
  });
});

describe('EFD reader', () => {
  const efd = buildEfd({
    cnpj: OWN,
    uf: 'SP',
    participants: [{ code: 'P1', cnpj: OTHER, ibgeMun: '3304557' }],
    products: [{ code: 'A1', description: 'AÇÚCAR CRISTAL 1KG', gtin: '7891234567895', ncm: '17019900' }],
    documents: [
      {
        sale: true,
        participant: 'P1',
        number: 10,
        items: [{ code: 'A1', cst: '000', cfop: '6102', vItem: '100.00', pICMS: '12.00', vICMS: '12.00' }],
      },
      {
        sale: false,
        participant: 'P1',
        number: 11,
        items: [{ code: 'A1', cst: '000', cfop: '2102', vItem: '50.00', pICMS: '12.00', vICMS: '6.00' }],
      },
    ],
  });

  it('reads C100/C170 in Latin-1 with the 0200 data of each COD_ITEM', async () => {
    const { docs, problems } = await readAll('efd.txt', Buffer.from(efd, 'latin1'));
    expect(problems).toEqual([]);
    expect(
      docs.map((d) => [
        d.efdDirection,
        d.ufOrigin,
        d.ufDestination,
        d.items[0]!.prod.xProd,
        d.items[0]!.taxes['ICMS.pICMS'],
      ]),
    ).toEqual([
      ['sale', 'SP', 'RJ', 'AÇÚCAR CRISTAL 1KG', '12.00'],
      ['purchase', 'RJ', 'SP', 'AÇÚCAR CRISTAL 1KG', '12.00'],
    ]);
    expect((await readAll('efd-utf8.txt', Buffer.from(efd, 'utf8'))).docs[0]!.items[0]!.prod.xProd).toBe(
      'AÇÚCAR CRISTAL 1KG',
    );
  });

  it('reports a broken line with its number and keeps the other documents', async () => {
    const lines = efd.split('\r\n');
    const c170 = lines.findIndex((l) => l.startsWith('|C170|'));
    lines[c170] = '|C170|1|A1|';
    const { docs, problems } = await readAll('efd-ruim.txt', lines.join('\r\n'));
    expect(problems).toEqual([{ fileName: 'efd-ruim.txt', line: c170 + 1, message: expect.stringMatching(/C170/) }]);
    expect(docs.map((d) => d.number)).toEqual(['11']);
  });

  it('refuses an EFD of another CNPJ and a UTF-16 file', async () => {
    expect((await readAll('outra.txt', efd.replace(OWN, OTHER))).problems[0]!.message).toMatch(/não da empresa/);
    const utf16 = Buffer.from(`\ufeff${efd}`, 'utf16le');
    expect((await readAll('utf16.txt', utf16)).problems[0]!.message).toMatch(/Formato não reconhecido|Latin-1/);
  });
});
