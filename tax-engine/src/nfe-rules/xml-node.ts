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
  return node ? node.children.filter((c) => c.name === name) : [];
}

// The rules ask the same few dozen paths for every item: split each once.
const steps = new Map<string, string[]>();
const stepsOf = (path: string) => {
  let s = steps.get(path);
  if (!s) {
    s = path.split('/');
    if (steps.size < 10_000) steps.set(path, s);
  }
  return s;
};

/** The node at a slash path ('ICMSTot/vBC'); undefined when any step is missing. */
export function at(node: XNode | undefined, path: string): XNode | undefined {
  let cur = node;
  for (const step of stepsOf(path)) {
    cur = child(cur, step);
    if (!cur) return undefined;
  }
  return cur;
}

/** The text at a path, or undefined when the tag is absent. */
export function text(node: XNode | undefined, path: string): string | undefined {
  return at(node, path)?.text;
}

/** The first child of a container whatever its name (ICMS → ICMS00, IPI's IPITrib …). */
export function firstChild(node: XNode | undefined): XNode | undefined {
  return node?.children[0];
}
