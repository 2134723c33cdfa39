import { sql } from 'drizzle-orm';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import type { Db } from '../../db/client.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../db/factories.js';

/**
 * Test fixtures of the fiscal-rules tests. The template database carries the official reference
 * tables once they are loaded; the few NCM/CEST rows the tests use are inserted here too (no-op
 * when present) so the tests do not depend on the loader.
 */
export async function seedReferenceCodes(db: Db) {
  const ncms: [string, string][] = [
    ['22021000', 'Águas, incluindo as águas minerais e as águas gaseificadas, adicionadas de açúcar'],
    ['22029900', 'Outras bebidas não alcoólicas'],
    ['22030000', 'Cervejas de malte'],
  ];
  for (const [code, description] of ncms) {
    await db.execute(sql`
      INSERT INTO ref_ncm (code, level, parent_code, description, full_description, start_date)
      VALUES (${code}, 8, NULL, ${description}, ${description}, '2022-04-01') ON CONFLICT (code) DO NOTHING`);
  }
  const cests: [string, string[]][] = [
    ['0300700', ['22021000']],
    ['0300800', ['22029900']],
  ];
  for (const [code, prefixes] of cests) {
    await db.execute(sql`
      INSERT INTO ref_cest (code, segment, item, description, ncm_prefixes)
      VALUES (${code}, '03', '7.0', 'Águas minerais', string_to_array(${prefixes.join(',')}, ',')) ON CONFLICT (code) DO NOTHING`);
  }
}

/** Two partners, staff of each, an Admin and a Member linked to one SP company of partner A. */
export async function seedActors(db: Db) {
  const partnerA = await createPartner(db);
  const partnerB = await createPartner(db);
  const companySP = await createCompany(db, { partnerId: partnerA.id, uf: 'SP' });
  const companyRJ = await createCompany(db, { partnerId: partnerA.id, uf: 'RJ' });
  const companyB = await createCompany(db, { partnerId: partnerB.id, uf: 'SP' });
  const admin = await createUser(db, { role: 'Admin' });
  const ownerA = await createUser(db, { role: 'PartnerOwner', partnerId: partnerA.id });
  const contributorB = await createUser(db, { role: 'PartnerContributor', partnerId: partnerB.id });
  const member = await createUser(db, { role: 'Member', partnerId: partnerA.id });
  await linkMemberToCompany(db, member.id, companySP.id);
  const auth = async (userId: string) => bearer(await createSessionToken(db, userId));
  return {
    partnerA,
    partnerB,
    companySP,
    companyRJ,
    companyB,
    headers: {
      admin: await auth(admin.id),
      ownerA: await auth(ownerA.id),
      contributorB: await auth(contributorB.id),
      member: await auth(member.id),
    },
  };
}

export const namedRulePayload = (over: Record<string, unknown> = {}) => ({
  description: 'Água mineral SP conferida',
  ncm: '2202.10.00',
  cest: '03.007.00',
  codANP: '',
  cstPisEntrada: '50',
  cstPisSaida: '01',
  cstCofinsEntrada: '50',
  cstCofinsSaida: '01',
  cstIpiEntrada: '03',
  cstIpiSaida: '53',
  aliqPIS: '1,65',
  aliqCOFINS: '7,60',
  aliqIPI: '0',
  nri: '',
  codENQ: '999',
  ex: '',
  uf: 'SP',
  cfopEntrada: '1403',
  cfopSaida: '5405',
  CSTICMS: '60',
  csosnicms: '500',
  aliqICMS: '18',
  aliqICMSST: '18',
  redBCICMS: '',
  redBCICMSST: '',
  picmsPdv: '18',
  simbPdv: 'F',
  iva: '40',
  fcp: '',
  CodBeneficio: '',
  antecipado: false,
  pDifer: '',
  desonerado: false,
  isencao: '',
  ...over,
});
