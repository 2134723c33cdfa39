import type { FindingRow } from '../documents.repository.js';
import type { FiscalDocument, NfeRejection } from '../read/document-model.js';

/** The tag path inside the item (imposto/ICMS/ICMS00/vICMS) or the document (total/ICMSTot/vNF). */
function shortPath(campo: string): string {
  const inner = campo.replace(/^.*?infNFe\//, '');
  return inner.replace(/^det\[nItem=\d+\]\//, '');
}

/**
 * Whether an audit finding's field names the rejection's tag: 'vICMS' for …/ICMS00/vICMS, 'IBSCBS.vBC' for
 * …/IBSCBS/gIBSCBS/vBC (the group must be on the path too), 'CST' for …/ICMS/ICMS00/CST.
 */
function sameField(findingField: string, campo: string): boolean {
  const steps = campo.split('/');
  const tag = steps[steps.length - 1];
  const dot = findingField.lastIndexOf('.');
  const own = dot < 0 ? findingField : findingField.slice(dot + 1);
  if (own !== tag) return false;
  if (dot < 0) return true;
  return findingField
    .slice(0, dot)
    .split('/')
    .some((g) => steps.includes(g));
}

type ItemOf = (nItem: number) => Pick<FindingRow, 'productId' | 'internalCode' | 'description' | 'ncm' | 'cfop'> | null;

/**
 * One cause, one finding (issue 37): each rejection of the document either marks the audit finding that already names
 * the same item and field (its rule_code becomes "629 · I16-10", its rejection the code, its severity `rejeicao`) or
 * is a finding of kind `rejeicao` of its own. `findings` are the document's audit rows; new rows are returned.
 */
export function rejectionFindings(rejections: NfeRejection[], findings: FindingRow[], itemOf: ItemOf): FindingRow[] {
  const out: FindingRow[] = [];
  for (const r of rejections) {
    const ruleCode = `${r.code} · ${r.rule}`;
    const nItem = r.nItem ?? 0;
    const same = findings.find((f) => f.nItem === nItem && sameField(f.field, r.field));
    if (same) {
      same.rejection ??= r.code;
      same.ruleCode = ruleCode;
      same.severity = 'rejeicao';
      continue;
    }
    const item = r.nItem === null ? null : itemOf(r.nItem);
    out.push({
      productId: item?.productId ?? null,
      internalCode: item?.internalCode ?? '',
      description: item?.description ?? null,
      ncm: item?.ncm ?? null,
      cfop: item?.cfop ?? null,
      nItem,
      kind: 'rejeicao',
      field: shortPath(r.field),
      expected: r.expected,
      found: r.found,
      difference: null,
      rejection: r.code,
      severity: 'rejeicao',
      ruleCode,
    });
  }
  return out;
}

/** The product and facts of the document's item nItem, for a `rejeicao` finding on it. */
export function itemOf(
  doc: FiscalDocument,
  productOf: (code: string) => { id: string; internalCode: string } | undefined,
): ItemOf {
  return (nItem) => {
    const item = doc.items.find((i) => i.nItem === nItem);
    if (!item) return null;
    const p = productOf(item.prod.cProd ?? '');
    return {
      productId: p?.id ?? null,
      internalCode: p?.internalCode ?? item.prod.cProd ?? '',
      description: item.prod.xProd ?? null,
      ncm: item.prod.NCM ?? null,
      cfop: item.prod.CFOP ?? null,
    };
  };
}
