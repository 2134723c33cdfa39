import type { XNode } from './xml-node.js';

/** Builds an element: a string body is the element's text, an array its children (undefined entries skipped). */
export function el(name: string, body: string | (XNode | undefined)[] = [], attrs: Record<string, string> = {}): XNode {
  return typeof body === 'string'
    ? { name, attrs, children: [], text: body }
    : { name, attrs, children: body.filter((c): c is XNode => c !== undefined), text: '' };
}

/** Optional leaf: absent when the value is undefined. */
export const opt = (name: string, value: string | undefined): XNode | undefined =>
  value === undefined ? undefined : el(name, value);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Writes a tree as XML text (no declaration), with the namespace attributes it carries. */
export function nodeToXml(node: XNode): string {
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('');
  if (node.children.length === 0) return `<${node.name}${attrs}>${esc(node.text)}</${node.name}>`;
  return `<${node.name}${attrs}>${node.children.map(nodeToXml).join('')}</${node.name}>`;
}
