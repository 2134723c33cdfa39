import type { XNode } from '@app/tax-engine';
import { SaxesParser } from 'saxes';

/** Why an XML body was refused before any rule ran (answered 400 by the route). */
export class XmlBodyError extends Error {}

const MAX_DEPTH = 64;
const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

/**
 * Parses an NF-e XML into the plain tree the rule book reads. Like the documents reader (documents/read): saxes,
 * which reads no DTD and expands no entity — a DOCTYPE refuses the body, so XXE and entity bombs cannot happen —
 * UTF-8 only (MOC 7.0 §3.2). Namespace prefixes are dropped from names; attributes are kept as written.
 */
export function parseXmlTree(xml: string): XNode {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XNode[] = [];
  let root: XNode | undefined;
  let text = '';
  parser.on('doctype', () => {
    throw new XmlBodyError('O XML declara um DOCTYPE (DTD/entidades), o que não é aceito em NF-e.');
  });
  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding))
      throw new XmlBodyError(`Codificação ${decl.encoding} não aceita: o XML da NF-e deve estar em UTF-8.`);
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_DEPTH) throw new XmlBodyError('O XML tem elementos aninhados demais.');
    const node: XNode = {
      name: localName(tag.name),
      attrs: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root = node;
    stack.push(node);
    text = '';
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    const node = stack.pop()!;
    if (node.children.length === 0) node.text = text.trim();
    text = '';
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    if (e instanceof XmlBodyError) throw e;
    throw new XmlBodyError(
      `O corpo não é um XML bem formado: ${(e as Error).message.replace(/^undefined:/, 'linha ')}`,
    );
  }
  if (!root) throw new XmlBodyError('O corpo está vazio: envie o XML da NF-e.');
  return root;
}

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
