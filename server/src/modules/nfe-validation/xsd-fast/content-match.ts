import type { Particle } from './xsd-model.js';

/** An element as the matcher reads it: the tree's own children, so that matching allocates nothing. */
export interface Named {
  readonly name: string;
}

/**
 * Matches a sequence of child elements (by name) against a content model, greedily (decision 077). Any match it returns is
 * a derivation of the names by the model, so "matched" is a proof of validity; the greedy choice may miss a derivation
 * an ambiguous model would allow, which only sends the document to libxml2 (XSD's Unique Particle Attribution makes
 * the NF-e's models deterministic, so that does not happen on them). Returns the index after the match, or -1.
 */
export function matchParticle(p: Particle, names: readonly Named[], at: number): number {
  let pos = at;
  let reps = 0;
  while (reps < p.max) {
    const next = matchOnce(p, names, pos);
    if (next < 0) break;
    reps++;
    // A repetition that took nothing can be repeated up to the minimum without taking anything either.
    if (next === pos) return pos;
    pos = next;
  }
  return reps >= p.min ? pos : -1;
}

function matchOnce(p: Particle, names: readonly Named[], at: number): number {
  if (p.k === 'el') return names[at]?.name === p.name ? at + 1 : -1;
  if (p.k === 'seq') {
    let pos = at;
    for (const part of p.parts) {
      pos = matchParticle(part, names, pos);
      if (pos < 0) return -1;
    }
    return pos;
  }
  // A choice takes the first branch that consumes something; failing that, one that matches nothing.
  let empty = -1;
  for (const part of p.parts) {
    const next = matchParticle(part, names, at);
    if (next > at) return next;
    if (next === at) empty = at;
  }
  return empty;
}
