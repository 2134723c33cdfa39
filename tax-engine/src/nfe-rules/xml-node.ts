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

const names = new Map<string, string>();

/**
 * An element name as an internalized string (a property key is one): the rules compare names thousands of times per
 * document, and two internalized strings compare by identity. The tree builders pass their names through it. Bounded:
 * a document of invented names does not grow it past 10,000 names of at most 64 characters.
 */
export function internName(name: string): string {
  let n = names.get(name);
  if (n === undefined) {
    n = Object.keys({ [name]: 0 })[0]!;
    // The layout's names are short: a long invented one is not kept (a file of many long names holds no memory here).
    if (names.size < 10_000 && n.length <= 64) names.set(n, n);
  }
  return n;
}

const paths = new Map<string, readonly string[]>();

/** A slash path's steps, internalized, split once per path (the rules' paths are a few hundred literals). */
function stepsOf(path: string): readonly string[] {
  let steps = paths.get(path);
  if (steps === undefined) {
    steps = path.split('/').map(internName);
    if (paths.size < 10_000) paths.set(path, steps);
  }
  return steps;
}

/**
 * The node at a slash path ('ICMSTot/vBC'); undefined when any step is missing. The rules ask a few paths of every
 * item of every document: the path's steps are split once and compared by identity with the tree's names.
 */
export function at(node: XNode | undefined, path: string): XNode | undefined {
  if (!node) return undefined;
  // One step (most calls: text(it.prod, 'CFOP')): no lookup of the path at all.
  if (path.indexOf('/') === -1) {
    const children = node.children;
    for (let k = 0; k < children.length; k++) if (children[k]!.name === path) return children[k];
    return undefined;
  }
  const steps = stepsOf(path);
  let cur: XNode | undefined = node;
  for (let i = 0; i < steps.length && cur; i++) {
    const step = steps[i]!;
    const children: XNode[] = cur.children;
    cur = undefined;
    for (let k = 0; k < children.length; k++)
      if (children[k]!.name === step) {
        cur = children[k];
        break;
      }
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
