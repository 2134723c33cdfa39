/**
 * The element tree the rule book reads: the caller parses the XML (the server with saxes, DTDs and entities off)
 * into plain nodes, so the engine stays free of I/O and of any XML library.
 */
export interface XNode {
  /** Local name, without namespace prefix. */
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
  /** Text content of a leaf element (trimmed); '' for containers. */
  text: string;
}

export function child(node: XNode | undefined, name: string): XNode | undefined {
  if (!node) return undefined;
  for (const c of node.children) if (c.name === name) return c;
  return undefined;
}

export function children(node: XNode | undefined, name: string): XNode[] {
  const out: XNode[] = [];
  if (node) for (const c of node.children) if (c.name === name) out.push(c);
  return out;
}

/** The child named path[start, end), compared in place: no substring, no cache lookup per step. */
function childIn(node: XNode, path: string, start: number, end: number): XNode | undefined {
  const len = end - start;
  for (const c of node.children) if (c.name.length === len && path.startsWith(c.name, start)) return c;
  return undefined;
}

/**
 * The node at a slash path ('ICMSTot/vBC'); undefined when any step is missing. The rules ask a few paths of every
 * item of every document: the path is walked in place, without splitting it.
 */
export function at(node: XNode | undefined, path: string): XNode | undefined {
  let cur = node;
  let start = 0;
  while (cur) {
    const slash = path.indexOf('/', start);
    if (slash === -1) return childIn(cur, path, start, path.length);
    cur = childIn(cur, path, start, slash);
    start = slash + 1;
  }
  return undefined;
}

/** The text at a path, or undefined when the tag is absent. */
export function text(node: XNode | undefined, path: string): string | undefined {
  return at(node, path)?.text;
}

/** The first child of a container whatever its name (ICMS → ICMS00, IPI's IPITrib …). */
export function firstChild(node: XNode | undefined): XNode | undefined {
  return node?.children[0];
}
