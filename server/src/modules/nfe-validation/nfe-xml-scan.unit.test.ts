import { nodeToXml, sampleNfe, type XNode } from '@app/tax-engine';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { parseXmlTree, type TreeFacts, XmlBodyError } from './nfe-xml-scan.js';

/**
 * The reference: a conformant XML parser (saxes, the documents reader's) building the same tree — local names, the
 * attributes as written, a leaf's trimmed text with CDATA. The fast scanner must give the same tree on any
 * well-formed document.
 */
function referenceTree(xml: string): XNode {
  const parser = new SaxesParser({ xmlns: false });
  const stack: XNode[] = [];
  let root: XNode | undefined;
  let text = '';
  parser.on('opentag', (tag) => {
    const node: XNode = {
      name: tag.name.slice(tag.name.indexOf(':') + 1),
      attrs: { ...(tag.attributes as Record<string, string>) },
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
  parser.on('cdata', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    const node = stack.pop()!;
    if (node.children.length === 0) node.text = text.trim();
    text = '';
  });
  parser.write(xml).close();
  return root!;
}

const plain = (t: XNode): unknown => ({ ...t, attrs: { ...t.attrs }, children: t.children.map(plain) });

describe('parseXmlTree: the same tree as a conformant parser', () => {
  const sample = nodeToXml(
    sampleNfe({
      emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
      destinatario: { cnpj: '11444777000161', uf: 'RJ', contribuinte: true },
      data: '2026-10-10',
      items: [{ vProd: '10.00', icms: { cst: '00', pICMS: '12' }, ibscbs: { cst: '000', cClassTrib: '000001' } }],
    }),
  );
  const cases: [string, string][] = [
    ['an NF-e as an ERP writes it', `<?xml version="1.0" encoding="UTF-8"?>${sample}`],
    ['pretty-printed with CRLF', sample.replace(/></g, '>\r\n  <')],
    ['with a BOM', `\uFEFF<?xml version="1.0" encoding="utf-8"?>${sample}`],
    [
      'prefixes, both quotes, spaces around =, self-closing',
      `<nfe:NFe xmlns:nfe="urn:x" a = 'x"y' b="p&apos;q&#65;&#x42;"><nfe:infNFe Id="NFe1"><v/><w /></nfe:infNFe></nfe:NFe>`,
    ],
    [
      'entities, CDATA, comments and PIs inside text',
      '<a><xProd>A &amp; B &lt;C&gt; <![CDATA[<D> & E]]><!-- c --> F<?pi x?></xProd><infCpl>\n  linha 1\n  linha 2  \n</infCpl></a>',
    ],
    ['> inside an attribute and non-ASCII text', '<a t="1 > 0"><xNome>Açúcar e Café Ltda – ME</xNome></a>'],
    ['tabs and newlines in an attribute', '<a t="x\ty\nz"><b/></a>'],
    [
      'line ends and tabs written as references stay',
      '<a t="x&#10;y&#9;z\r\nw"><b>1&#13;\r\n2</b><c><![CDATA[3\r4]]></c></a>',
    ],
    ['comments and PIs around the root', '<?xml version="1.0"?><!-- before --><?x y?><a><b>1</b></a><!-- after -->\n'],
  ];
  it.each(cases)('%s', (_, xml) => {
    expect(plain(parseXmlTree(xml))).toEqual(plain(referenceTree(xml.replace(/^\uFEFF/, ''))));
  });
});

describe('parseXmlTree: what it refuses, in Portuguese', () => {
  const refused: [string, string, string][] = [
    ['a DOCTYPE (entities and DTDs are never read)', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', 'DOCTYPE'],
    ['an entity no DTD declares', '<a>&e;</a>', 'referência &e;'],
    ['tags closed out of order', '<a><b></a></b>', '<b> fechado por </a>'],
    ['an element never closed', '<a><b></b>', '<a> não foi fechado'],
    ['two roots', '<a/><b/>', 'mais de um elemento raiz'],
    ['text outside the root', 'isto não é XML', 'texto fora do elemento raiz'],
    ['an attribute written twice', '<a x="1" x="2"/>', 'atributo x repetido'],
    ['an attribute without quotes', '<a x=1/>', 'sem aspas'],
    ['< inside an attribute', '<a x="<"/>', '< no atributo x'],
    ['attributes without a space between them', '<a x="1"y="2"/>', 'mal formada'],
    ['another encoding', '<?xml version="1.0" encoding="ISO-8859-1"?><a/>', 'UTF-8'],
    ['nothing', '', 'vazio'],
    ['a declaration after the start', '<a/><?xml version="1.0"?>', 'fora do início'],
  ];
  it.each(refused)('%s', (_, xml, words) => {
    expect(() => parseXmlTree(xml)).toThrow(XmlBodyError);
    expect(() => parseXmlTree(xml)).toThrow(words);
  });

  it('names the line of the fault', () => {
    expect(() => parseXmlTree('<a>\n<b>\n</c></a>')).toThrow('(linha 3)');
  });

  it('refuses nesting deeper than 64 levels', () => {
    expect(() => parseXmlTree(`${'<a>'.repeat(65)}${'</a>'.repeat(65)}`)).toThrow('aninhados demais');
  });

  it('text outside the root is XML whitespace only (U+00A0 or a second BOM is text, as libxml2 reads it)', () => {
    for (const xml of ['<a/>\u00a0', '\ufeff\ufeff<a/>', '\u2028<a/>'])
      expect(() => parseXmlTree(xml)).toThrow('texto fora do elemento raiz');
  });
});

describe('what the tree does not keep (TreeFacts, for the schema fast path of decision 077)', () => {
  const factsOf = (xml: string) => {
    const facts: TreeFacts = { plain: true, nfe: 0 };
    parseXmlTree(xml, facts);
    return facts;
  };
  it('a plain document stays plain, its NFe elements are counted and the end tag of NFe located', () => {
    const xml = '<?xml version="1.0"?>\n<nfeProc>\n  <NFe x="1"><a>b c</a></NFe >\n<p><![CDATA[</NFe>]]></p></nfeProc>';
    const facts = factsOf(xml);
    expect([facts.plain, facts.nfe]).toEqual([true, 1]);
    expect(xml.slice(facts.nfeEnd, facts.nfeEnd! + 7)).toBe('</NFe >');
    // The NFe libxml2 is given is nfeProc's first NFe child, not a later or deeper one.
    const two = '<nfeProc><NFe><a/></NFe><NFe/><p><NFe></NFe></p></nfeProc>';
    expect(factsOf(two).nfeEnd).toBe(two.indexOf('</NFe>'));
  });
  it('a leaf whose text trim() changed keeps it as written in untrimmed (U+00A0 too)', () => {
    const facts: TreeFacts = { plain: true, nfe: 0 };
    const root = parseXmlTree('<a><b> 1\n</b><c>2\u00a0</c><d>3</d></a>', facts);
    expect(facts.plain).toBe(true);
    expect([...(facts.untrimmed ?? [])].map(([n, t]) => [n.name, n.text, t])).toEqual([
      ['b', '1', ' 1\n'],
      ['c', '2', '2\u00a0'],
    ]);
    expect(root.children.map((c) => c.text)).toEqual(['1', '2', '3']);
  });
  it("a CDATA section as a leaf's text (an NFC-e's qrCode) stays plain", () => {
    expect(factsOf('<a><qrCode><![CDATA[https://x/?p=1|2]]></qrCode></a>').plain).toBe(true);
  });
  it.each([
    ['a prefixed element', '<a xmlns:p="u"><p:b>1</p:b></a>'],
    ['a prefixed attribute', '<a xmlns:p="u"><b p:c="1">1</b></a>'],
    ['text among elements', '<a><b>1</b>x<c>2</c></a>'],
    ['a line separator among elements', '<a><b>1</b>\u2028</a>'],
    ['an attribute whose tab became a space', '<a b="1\t2"/>'],
    ['an attribute named __proto__', '<a __proto__="x"/>'],
    ['a name of 1,001 characters', `<a><${'b'.repeat(1001)}/></a>`],
    ["a namespace other than the NF-e's or the signature's", '<a><b xmlns="a b">1</b></a>'],
    ['a name beyond ASCII', '<a><bé>1</bé></a>'],
    ['a comment', '<a><!-- c --><b>1</b></a>'],
    ['a CDATA section between elements', '<a><b>1</b><![CDATA[ ]]></a>'],
    ['an empty CDATA section', '<a><b><![CDATA[]]></b></a>'],
    ['"]]>" in text', '<a><b>1]]>2</b></a>'],
    ['a processing instruction', '<a><?pi x?><b>1</b></a>'],
  ])('%s is not plain', (_, xml) => {
    expect(factsOf(xml).plain).toBe(false);
  });
});
