import { findInterstateRate, icmsContributorOf, isImportedOrigin, type Uf } from '@app/tax-engine';
import type { DocumentItem, FiscalDocument } from '../read/document-model.js';
import { money, percentCents, rateOf, sameCents, toCents } from './cents.js';
import type { Add } from './finding.js';

/**
 * Whether the document's recipient is an ICMS contributor: the NF-e's dest/indIEDest read by the engine's one
 * reading (icmsContributorOf: 1 and 2 are, 9 is not). Where nothing says it — an EFD's C100, an NF-e of layout
 * 2.00 (no dest/indIEDest, no ide/indFinal; the reader takes its dEmi) — the sale is read as to a contributor, as
 * before the shared reading: as a non-contributor without indFinal 1 the engine would refuse the operation
 * (rejection 696), nothing would be recomputed and the CFOP check would ask 6.107/6.108. A document without
 * indIEDest but with indFinal 1 (an NFC-e to an unidentified consumer, model 65 without dest) is a consumer's.
 */
export const recipientIsContributor = (doc: FiscalDocument): boolean => {
  if (doc.source === 'efd') return true;
  const ind = doc.ide.indIEDest;
  return ind === undefined || ind === '' ? doc.ide.indFinal !== '1' : icmsContributorOf(ind);
};

/**
 * The operation an item's CFOP names (Convênio s/nº de 1970, Anexo — tabela de CFOP): a sale, a return, a transfer
 * or something else. Only sales are compared with the product's fiscal rule, which describes a sale.
 */
export function operationKind(cfop: string): 'venda' | 'devolucao' | 'transferencia' | 'outra' {
  const n = Number(cfop.slice(1));
  if ((n >= 101 && n <= 125) || (n >= 401 && n <= 405) || (n >= 651 && n <= 656)) return 'venda';
  if ((n >= 201 && n <= 210) || (n >= 410 && n <= 413) || n === 503 || n === 504 || n === 553 || n === 556)
    return 'devolucao';
  if ((n >= 660 && n <= 662) || n === 918 || n === 919) return 'devolucao';
  if ((n >= 151 && n <= 156) || n === 408 || n === 409 || n === 552 || n === 557 || n === 658 || n === 659)
    return 'transferencia';
  return 'outra';
}

const isOutgoing = (doc: FiscalDocument, direction: 'sale' | 'purchase') =>
  doc.source === 'xml' ? doc.ide.tpNF !== '0' : direction === 'sale';
const isInterstate = (doc: FiscalDocument) =>
  Boolean(doc.ufOrigin && doc.ufDestination && doc.ufOrigin !== doc.ufDestination);

/**
 * CFOP against the operation, as the MOC 4.00 and the CFOP table read it: the direction (rules 518/519), the place
 * (5/1 inside the state, 6/2 between states, 7/3 abroad), a sale to a non-contributor in another state with its own
 * codes 6107/6108 (Ajuste SINIEF 7/2005 and the CFOP table since Convênio s/nº de 1970, as amended by Ajuste SINIEF
 * 5/2015 for EC 87/2015) and a return note (finNFe 4) with a return CFOP, not a sale's. Returns true when the CFOP
 * was found wrong.
 */
export function checkCfop(doc: FiscalDocument, item: DocumentItem, direction: 'sale' | 'purchase', add: Add): boolean {
  const cfop = item.prod.CFOP ?? '';
  if (!/^\d{4}$/.test(cfop)) return false;
  const outgoing = isOutgoing(doc, direction);
  const first = cfop[0]!;
  if (outgoing && !'567'.includes(first)) {
    add('cfop-incompativel', 'CFOP', '5xxx, 6xxx ou 7xxx (saída)', cfop, { rejection: '518' });
    return true;
  }
  if (!outgoing && !'123'.includes(first)) {
    add('cfop-incompativel', 'CFOP', '1xxx, 2xxx ou 3xxx (entrada)', cfop, { rejection: '519' });
    return true;
  }
  if (first === '7' || first === '3') return false;
  const interstate = isInterstate(doc);
  const want = outgoing ? (interstate ? '6' : '5') : interstate ? '2' : '1';
  if (first !== want) {
    add('cfop-incompativel', 'CFOP', `${want}xxx (${interstate ? 'interestadual' : 'interna'})`, cfop, {
      ruleCode: 'cfop-destino',
    });
    return true;
  }
  if (doc.source === 'xml' && doc.ide.finNFe === '4' && operationKind(cfop) === 'venda') {
    add('cfop-incompativel', 'CFOP', 'CFOP de devolução (x201, x202, x410, x411…)', cfop, {
      ruleCode: 'cfop-devolucao',
    });
    return true;
  }
  if (!outgoing || !interstate || doc.source !== 'xml') return false;
  // indIEDest 1 and 2 (isento de inscrição) are contributors, 9 is not; none: recipientIsContributor.
  const nonContributor = !recipientIsContributor(doc);
  const toNonContributor: Record<string, string> = { '6101': '6107', '6102': '6108' };
  const toContributor: Record<string, string> = { '6107': '6101', '6108': '6102' };
  const wanted = nonContributor ? toNonContributor[cfop] : toContributor[cfop];
  if (wanted) {
    add('cfop-incompativel', 'CFOP', wanted, cfop, {
      ruleCode: nonContributor ? 'cfop-nao-contribuinte' : 'cfop-contribuinte',
    });
    return true;
  }
  return false;
}

/** CSTs (regime normal) whose own ICMS is charged at the operation's rate. */
const OWN_RATE_CSTS = new Set(['00', '10', '20', '70', '90']);

/**
 * The interstate rate by the goods' origin (NF-e `orig`): 4 % for foreign goods and goods with more than 40 %
 * imported content, origins 1, 2, 3 and 8 (Resolução do Senado 13/2012, art. 1º; Convênio ICMS 38/2013); else 7 %
 * or 12 % by the pair of regions (Resolução do Senado 22/1989). Sales to non-contributors in another state pay the
 * interstate rate too (EC 87/2015). Returns true when the rate was found wrong (priced on the document's base).
 */
export function checkInterstateRate(doc: FiscalDocument, item: DocumentItem, add: Add): boolean {
  const t = item.taxes;
  const cfop = item.prod.CFOP ?? '';
  if (!isInterstate(doc) || !cfop.startsWith('6') || operationKind(cfop) !== 'venda') return false;
  if (!OWN_RATE_CSTS.has(t['ICMS.CST'] ?? '')) return false;
  const p = rateOf(t['ICMS.pICMS']);
  if (p === null || p === 0) return false;
  const orig = Number(t['ICMS.orig']);
  const want = findInterstateRate(doc.ufOrigin as Uf, doc.ufDestination as Uf, {
    imported: isImportedOrigin(Number.isFinite(orig) ? orig : null),
  });
  if (want === null || Math.abs(p - want) < 1e-9) return false;
  const base = toCents(t['ICMS.vBC']);
  const right = percentCents(base, want);
  const found = t['ICMS.vICMS'] === undefined ? percentCents(base, p) : toCents(t['ICMS.vICMS']);
  add('aliquota-divergente', 'pICMS', want.toFixed(2), p.toFixed(2), {
    difference: base > 0 ? money(found - right) : null,
    ruleCode: isImportedOrigin(orig) ? 'icms-interestadual-importado' : 'icms-interestadual',
  });
  return true;
}

/**
 * A return by a Simples Nacional issuer carries CSOSN 900, which lets it state the ICMS the supplier credited back
 * (MOC 4.00, tabela de CSOSN; Resolução CGSN 140/2018, art. 59, §4º, II). Returns true when found otherwise.
 */
export function checkReturnCsosn(doc: FiscalDocument, item: DocumentItem, add: Add): boolean {
  const csosn = item.taxes['ICMS.CSOSN'];
  if (!csosn || doc.source !== 'xml' || doc.ide.finNFe !== '4' || csosn === '900') return false;
  add('cst-divergente', 'CSOSN', '900', csosn, { ruleCode: 'csosn-devolucao' });
  return true;
}

/**
 * Whether NT 2025.002's schedule requires the IBS/CBS group on the document: regime normal issuers (CRT 3) from
 * 2026-01-01 in production (tpAmb 1) and from 2025-07-01 in homologation (tpAmb 2); Simples Nacional and MEI
 * issuers (CRT 1, 2, 4) from 2027-01-01, when the CBS and IBS reach them (LC 214/2025, arts. 41 and 343; NT
 * 2025.002, item 1 — cronograma). An EFD has no IBS/CBS fields: never required there.
 */
export function ibsCbsGroupRequired(doc: FiscalDocument, date: string): boolean {
  if (doc.source !== 'xml') return false;
  const crt = doc.ide.CRT;
  if (crt === '1' || crt === '2' || crt === '4') return date >= '2027-01-01';
  if (crt !== '3') return false;
  return date >= (doc.ide.tpAmb === '2' ? '2025-07-01' : '2026-01-01');
}

/** The document's own values agree to the cent (used by the rule comparison priced on the document's base). */
export const sameMoney = (a: string | undefined, b: number) => sameCents(toCents(a), b);
