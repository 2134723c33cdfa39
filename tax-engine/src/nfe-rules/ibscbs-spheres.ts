import type { ItemView, NfeView } from './nfe-view.js';
import { ntRule } from './rule-factory.js';
import type { Finding, Rule } from './types.js';
import { child, text, type XNode } from './xml-node.js';

// What the rules of group UB on each item's IBSCBS share: the three spheres and a walk over their groups.

export type Sphere = {
  group: 'gIBSUF' | 'gIBSMun' | 'gCBS';
  rate: 'pIBSUF' | 'pIBSMun' | 'pCBS';
  value: 'vIBSUF' | 'vIBSMun' | 'vCBS';
};
export const UF: Sphere = { group: 'gIBSUF', rate: 'pIBSUF', value: 'vIBSUF' };
export const MUN: Sphere = { group: 'gIBSMun', rate: 'pIBSMun', value: 'vIBSMun' };
export const CBS: Sphere = { group: 'gCBS', rate: 'pCBS', value: 'vCBS' };

export const gIBSCBS = (it: ItemView) => child(it.ibscbs, 'gIBSCBS');
export const spherePath = (it: ItemView, s: Sphere) => `${it.path}/imposto/IBSCBS/gIBSCBS/${s.group}`;

/** A UB rule of NT 2025.002 v1.40 on both models (no Obrig./Facult. column); its `verificar` follows. */
export const base = (id: string, codigo: string, mensagem: string, descricao: string): Rule =>
  ntRule(id, codigo, mensagem, 'UB', ['55', '65'], null, descricao, () => []);

/** Each item with gIBSCBS, and the sphere's group, for the per-sphere rules. */
export function eachSphere(
  doc: NfeView,
  s: Sphere,
  f: (it: ItemView, g: XNode, vBC: string | undefined) => Finding | null,
): Finding[] {
  const out: Finding[] = [];
  for (const it of doc.items) {
    const gi = gIBSCBS(it);
    const g = child(gi, s.group);
    if (!g) continue;
    const r = f(it, g, text(gi, 'vBC'));
    if (r) out.push(r);
  }
  return out;
}
