/**
 * Every message the XML parser (saxes 5) can raise, in Portuguese: its English text never reaches a user. Exact
 * messages first, then those that end with a name from the file (a tag, an attribute, a prefix), matched by their
 * start. xml-messages.unit.test.ts reads saxes' source and fails when it raises a message this table lacks.
 */
const exact: Record<string, string> = {
  'disallowed character.': 'caractere não permitido em XML',
  'disallowed character in attribute name.': 'caractere não permitido no nome de um atributo',
  'disallowed character in processing instruction name.':
    'caractere não permitido no nome de uma instrução de processamento',
  'disallowed character in closing tag.': 'caractere não permitido na marca de fechamento',
  'disallowed character in tag name.': 'caractere não permitido no nome de uma marca',
  'disallowed character in tag name': 'caractere não permitido no nome de uma marca',
  'disallowed character in entity name.': 'caractere não permitido no nome de uma entidade',
  'text data outside of root node.': 'texto fora do elemento raiz',
  'XML declaration is incomplete.': 'declaração XML incompleta',
  'malformed comment.': 'comentário malformado',
  'attribute without value.': 'atributo sem valor',
  'whitespace required.': 'falta um espaço em branco',
  'weird empty close tag.': 'marca de fechamento vazia',
  'version number must match /^1\\.[0-9]+$/.': 'versão do XML inválida (use 1.0)',
  'value required.': 'falta o valor de um atributo',
  'value must be quoted.': 'o valor de um atributo deve estar entre aspas',
  'unquoted attribute value.': 'valor de atributo sem aspas',
  'unexpected end.': 'fim inesperado do arquivo',
  'unexpected close tag.': 'marca de fechamento inesperada',
  'the XML declaration must appear at the start of the document.': 'a declaração XML deve estar no início do arquivo',
  'an XML declaration must be at the start of the document.': 'a declaração XML deve estar no início do arquivo',
  'processing instructions are not allowed before root.': 'instrução de processamento antes do elemento raiz',
  'processing instruction without a target.': 'instrução de processamento sem destino',
  'no whitespace between attributes.': 'falta espaço entre atributos',
  'may not assign the xml namespace to another prefix.': 'o espaço de nomes xml não pode ter outro prefixo',
  'malformed character entity.': 'referência de caractere malformada',
  'invalid attempt to undefine prefix in XML 1.0': 'prefixo de espaço de nomes desfeito (não permitido no XML 1.0)',
  'incorrect syntax.': 'sintaxe incorreta',
  'inappropriately located doctype declaration.': 'declaração DOCTYPE fora do lugar',
  'forward-slash in opening tag not followed by >.': 'barra na marca de abertura sem ">" em seguida',
  'empty entity name.': 'entidade sem nome',
  'undefined entity.': 'entidade não declarada',
  'documents may contain only one root.': 'o arquivo tem mais de um elemento raiz',
  'document must contain a root element.': 'o arquivo não tem elemento raiz',
  'did not expect any more name/value pairs.': 'atributos demais na declaração XML',
  'cannot write after close; assign an onready handler.': 'conteúdo depois do fim do arquivo',
  'XML declaration must contain a version.': 'a declaração XML deve ter a versão',
  'The character ? is disallowed anywhere in XML declarations.': 'caractere "?" não permitido na declaração XML',
  'standalone value must match "yes" or "no".': 'o atributo standalone da declaração XML deve ser "yes" ou "no"',
  'the string "]]>" is disallowed in char data.': 'a sequência "]]>" não é permitida no texto',
  'tags may not have "xmlns" as prefix.': 'marca com o prefixo "xmlns" (não permitido)',
};

/** Messages that end with something read from the file: [start, Portuguese, whether to repeat what follows]. */
const prefixed: [string, string, boolean][] = [
  ['unbound namespace prefix: ', 'prefixo de espaço de nomes não declarado', true],
  ['xmlns prefix must be bound to ', 'o prefixo xmlns só pode ter o espaço de nomes padrão', false],
  ['xml prefix must be bound to ', 'o prefixo xml só pode ter o espaço de nomes padrão', false],
  ['unmatched closing tag: ', 'marca de fechamento sem abertura correspondente', true],
  ['unclosed tag: ', 'marca não fechada', true],
  ['the default namespace may not be set to ', 'espaço de nomes padrão não permitido', false],
  ['may not assign a prefix (even "xmlns") to the URI ', 'espaço de nomes reservado atribuído a um prefixo', false],
  ['malformed name: ', 'nome malformado', true],
  ['expected the name ', 'atributo esperado na declaração XML', true],
  ['expected one of ', 'atributo esperado na declaração XML', true],
  ['duplicate attribute: ', 'atributo repetido', true],
];

/** A name taken from the file, shown safely: printable, short. */
const label = (s: string) =>
  [...s.replace(/\.$/, '')]
    .map((c) => (c < ' ' || c === '\u007f' ? '?' : c))
    .join('')
    .slice(0, 60);

/** The parser's message (without its "line:column: " head) in Portuguese; unknown ones get a generic sentence. */
export function translateXmlMessage(message: string): string {
  const known = exact[message];
  if (known) return known;
  for (const [start, text, repeat] of prefixed)
    if (message.startsWith(start)) return repeat ? `${text}: ${label(message.slice(start.length))}` : text;
  return 'estrutura XML inválida';
}

/**
 * saxes' error ("12:7: unexpected close tag.") as the problem's sentence: "XML malformado na linha 12, coluna 7:
 * marca de fechamento inesperada." The line also goes to the problem's own column.
 */
export function describeXmlError(raw: string, fallbackLine: number): { line: number; message: string } {
  const m = /^(\d+):(\d+): ([\s\S]*)$/.exec(raw);
  if (!m) return { line: fallbackLine, message: `XML malformado na linha ${fallbackLine}: estrutura XML inválida.` };
  const line = Number(m[1]);
  return { line, message: `XML malformado na linha ${line}, coluna ${m[2]}: ${translateXmlMessage(m[3]!)}.` };
}
