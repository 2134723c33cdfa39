import { child, type XNode } from './nfe-rules/xml-node.js';

/**
 * The NFe element of a parsed document, whether it came as an NFe or as an nfeProc (NFe + protNFe, the
 * authorised form an ERP archives); undefined when the root is neither. The one finder of the engine and the
 * server (body checks, the rule book, the completion).
 */
export function findNfe(root: XNode): XNode | undefined {
  if (root.name === 'NFe') return root;
  if (root.name === 'nfeProc') return child(root, 'NFe');
  return undefined;
}

/** The infNFe of an NFe or nfeProc tree; undefined when the tree is neither. */
export function findInfNFe(root: XNode): XNode | undefined {
  return child(findNfe(root), 'infNFe');
}
