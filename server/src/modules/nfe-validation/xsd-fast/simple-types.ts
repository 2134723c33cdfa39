/**
 * Simple types of the NF-e XSDs compiled into checks that may only say "valid" when libxml2 would (decision 077): every
 * check is as strict as XSD 1.0 or stricter, never looser. A construct this file does not know makes a check that says
 * "not proven" (false), and libxml2 then decides. Values arrive as libxml2 sees them: references decoded, line ends
 * normalised; whitespace facets other than "preserve" are not folded here (such values are not proven).
 */

/** A value's check: true only if the value is certainly valid. */
export type ValueCheck = (value: string) => boolean;

export const NEVER: ValueCheck = () => false;

/** One derivation step's facets (XSD 1.0 §4.3): patterns of one step are alternatives, steps are all required. */
export interface FacetStep {
  patterns: string[];
  enumerations: string[];
  length?: number;
  minLength?: number;
  maxLength?: number;
  minInclusive?: string;
  whiteSpace?: string;
}

const hasSurrogate = /[\uD800-\uDFFF]/;
/** Length in characters (code points), as XSD and libxml2 count it. */
const charLength = (v: string) => (hasSurrogate.test(v) ? [...v].length : v.length);

/**
 * An XSD regular expression as an anchored JavaScript one, or null where the two could differ in the looser
 * direction. `.` and `\d` are stricter in JavaScript (no U+2028/U+2029; ASCII digits only): kept. Multi-character
 * escapes other than \d, class subtraction, and ^ or $ (literals in XSD, anchors in JavaScript) are refused.
 */
export function xsdPattern(pattern: string): RegExp | null {
  if (/\\[a-ce-zA-Z]|[$]|(?<!\[)\^/.test(pattern) || subtracts(pattern)) return null;
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

/** Whether a character class of the pattern subtracts another ("[a-z-[aeiou]]"), which JavaScript reads otherwise. */
function subtracts(pattern: string): boolean {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (!inClass && c === '[') inClass = true;
    else if (inClass && c === ']') inClass = false;
    else if (inClass && c === '-' && pattern[i + 1] === '[') return true;
  }
  return false;
}

/** xs:ID's lexical space, ASCII only (NCName): stricter than XSD, which admits letters of every script. */
const NCNAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;
/** base64Binary (whitespace removed), not empty, with XSD 1.0's constraint on the bits before padding (§3.2.16). */
const SPACES = /[ \t\n\r]/;
const SPACES_ALL = /[ \t\n\r]+/g;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=|[A-Za-z0-9+/][AQgw]==)$/;
const withoutSpaces = (v: string) => (SPACES.test(v) ? v.replace(SPACES_ALL, '') : v);
/** The octets a valid base64 value decodes to. */
const base64Octets = (v: string) => {
  const s = withoutSpaces(v);
  return (s.length / 4) * 3 - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0);
};
/**
 * anyURI, narrowed to what an NF-e carries and libxml2's RFC 3986 parser surely accepts: a same-document reference
 * ("#NFe…") or an absolute http(s) URI without user, port, query or escapes (the signature's algorithm names). A
 * wider pattern let through what libxml2 refuses ("1:x", "http://a:b/", "//a@b@c").
 */
const URI = /^(?:#[A-Za-z0-9\-._~]+|https?:\/\/[A-Za-z0-9.-]+(?:\/[A-Za-z0-9\-._~/]*)?(?:#[A-Za-z0-9\-._~]*)?)$/;
const GYEARMONTH = /^[0-9]{4}-(?:0[1-9]|1[0-2])$/;

/** The built-in types the NF-e XSDs derive from; any other is never proven. */
/**
 * A built-in type: its check, whether its values are ordered (minInclusive applies), whether they are IDs, and whether
 * its length facets count octets (base64Binary, XSD 1.0 §4.3.1) rather than characters.
 */
export interface Builtin {
  check: ValueCheck;
  ordered: boolean;
  ids?: boolean;
  octets?: boolean;
}

export function builtinCheck(local: string): Builtin {
  switch (local) {
    case 'string':
      return { check: () => true, ordered: false };
    case 'ID':
      return { check: (v) => NCNAME.test(v), ordered: false, ids: true };
    case 'base64Binary':
      // Whitespace collapses (certificates come wrapped at 64 or 76 characters); libxml2 skips it, and more.
      return { check: (v) => BASE64.test(withoutSpaces(v)), ordered: false, octets: true };
    case 'anyURI':
      return { check: (v) => URI.test(v), ordered: false };
    case 'gYearMonth':
      return { check: (v) => GYEARMONTH.test(v), ordered: true };
    default:
      return { check: NEVER, ordered: false };
  }
}

/** A base check narrowed by the facets of one step; a facet this file cannot apply exactly makes it never proven. */
export function restrict(base: ValueCheck, step: FacetStep, ordered: boolean, octets = false): ValueCheck {
  if (step.whiteSpace && step.whiteSpace !== 'preserve') return NEVER;
  if (step.minInclusive !== undefined && !ordered) return NEVER;
  const patterns = step.patterns.map(xsdPattern);
  if (patterns.some((p) => p === null)) return NEVER;
  const regexes = patterns as RegExp[];
  const enumerations = step.enumerations.length > 0 ? new Set(step.enumerations) : null;
  const { length, minLength, maxLength, minInclusive } = step;
  const sized = length !== undefined || minLength !== undefined || maxLength !== undefined;
  return (v) => {
    if (!base(v)) return false;
    if (enumerations && !enumerations.has(v)) return false;
    if (sized) {
      const n = octets ? base64Octets(v) : charLength(v);
      if (length !== undefined && n !== length) return false;
      if (minLength !== undefined && n < minLength) return false;
      if (maxLength !== undefined && n > maxLength) return false;
    }
    // gYearMonth without a time zone (the only ordered base here): the lexical order is the value's order.
    if (minInclusive !== undefined && !(GYEARMONTH.test(minInclusive) && v >= minInclusive)) return false;
    if (regexes.length > 0) {
      let any = false;
      for (const r of regexes) {
        if (r.test(v)) {
          any = true;
          break;
        }
      }
      if (!any) return false;
    }
    return true;
  };
}
