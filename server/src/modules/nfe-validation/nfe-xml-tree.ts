import type { XNode } from '@app/tax-engine';

/**
 * Turns libxml2's positional XPath (/*\/*[1]/*[4]) into tag names read from the same tree, with the item number
 * where the path crosses a det: NFe/infNFe/det[nItem=2]/prod/vProd.
 */
export function namedPath(root: XNode, xpath: string): string | null {
  const steps = xpath.split('/').filter(Boolean);
  if (steps.length === 0) return null;
  let node: XNode | undefined = root;
  const names = [root.name];
  for (const step of steps.slice(1)) {
    const m = /\[(\d+)\]$/.exec(step);
    const index = m ? Number(m[1]) - 1 : 0;
    node = node?.children[index];
    if (!node) return null;
    names.push(node.name === 'det' && node.attrs.nItem ? `det[nItem=${node.attrs.nItem}]` : node.name);
  }
  return names.join('/');
}
