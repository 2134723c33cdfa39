import { buildNfeXml, type FixtureItem } from './documents.fixtures.js';

/**
 * Hostile NF-e for the tests and the bench of issue 35, generated as streams (never whole in memory): an xProd of
 * any size, an NF-e of any number of items. Each is a valid nfeProc of the fixtures' layout around the excess.
 */
const RECIPIENT = '44555666000181';
const item: FixtureItem = {
  code: 'H1',
  description: 'PRODUTO HOSTIL',
  ncm: '22011000',
  cfop: '5102',
  vProd: '10.00',
  icms: { cst: '00', pICMS: '18.00', vICMS: '1.80' },
};

/** The fixture NF-e cut around its only item: what comes before `<det`, the item, what follows `</det>`. */
function parts(issuerCnpj: string, number: number) {
  const xml = buildNfeXml({
    issuerCnpj,
    issuerUf: 'SP',
    recipientCnpj: RECIPIENT,
    recipientUf: 'SP',
    number,
    items: [item],
  });
  const start = xml.indexOf('<det ');
  const end = xml.indexOf('</det>') + '</det>'.length;
  return { head: xml.slice(0, start), det: xml.slice(start, end), tail: xml.slice(end) };
}

/** An NF-e whose only item's xProd holds `xProdBytes` letters, in chunks of 1 MB. */
export async function* hostileNfeChunks(o: { issuerCnpj: string; xProdBytes: number; number?: number }) {
  const { head, det, tail } = parts(o.issuerCnpj, o.number ?? 1);
  const [before, after] = det.split(item.description) as [string, string];
  yield Buffer.from(head + before);
  const mb = Buffer.alloc(1024 * 1024, 'A');
  for (let left = o.xProdBytes; left > 0; left -= mb.length) yield left >= mb.length ? mb : mb.subarray(0, left);
  yield Buffer.from(after + tail);
}

/** An NF-e of `items` items (about 700 bytes each), streamed by a few hundred items at a time. */
export async function* nfeWithItems(o: { issuerCnpj: string; items: number; number?: number }) {
  const { head, det, tail } = parts(o.issuerCnpj, o.number ?? 1);
  yield Buffer.from(head);
  for (let from = 1; from <= o.items; from += 500) {
    let text = '';
    for (let n = from; n < Math.min(from + 500, o.items + 1); n++) text += det.replace('nItem="1"', `nItem="${n}"`);
    yield Buffer.from(text);
  }
  yield Buffer.from(tail);
}
