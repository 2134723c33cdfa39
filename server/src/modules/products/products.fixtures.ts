import type { FastifyInstance } from 'fastify';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import type { Db } from '../../db/client.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../db/factories.js';

/**
 * Actors of the products tests: partner A with an SP company (the member's) and an RJ company,
 * partner B with its own company; staff of each partner, an Admin, a Member linked to the SP
 * company, a Member linked to nothing, and Members lacking one permission each.
 */
export async function seedProductActors(db: Db) {
  const partnerA = await createPartner(db);
  const partnerB = await createPartner(db);
  const companySP = await createCompany(db, { partnerId: partnerA.id, uf: 'SP', nomeFantasia: 'MERCADO SÃO JOÃO' });
  const companyRJ = await createCompany(db, { partnerId: partnerA.id, uf: 'RJ' });
  const companyB = await createCompany(db, { partnerId: partnerB.id, uf: 'SP' });
  const blocked = await createCompany(db, { partnerId: partnerA.id, uf: 'SP', status: 'Blocked' });
  const admin = await createUser(db, { role: 'Admin' });
  const ownerA = await createUser(db, { role: 'PartnerOwner', partnerId: partnerA.id });
  const ownerB = await createUser(db, { role: 'PartnerOwner', partnerId: partnerB.id });
  const member = await createUser(db, { role: 'Member', partnerId: partnerA.id, name: 'Maria Importadora' });
  const unlinked = await createUser(db, { role: 'Member', partnerId: partnerA.id });
  await linkMemberToCompany(db, member.id, companySP.id);
  await linkMemberToCompany(db, member.id, blocked.id);
  const limited: Record<string, Record<string, string>> = {};
  for (const missing of ['Create', 'Delete', 'Import', 'Export']) {
    const user = await createUser(db, {
      role: 'Member',
      partnerId: partnerA.id,
      permissions: ['Create', 'Read', 'Delete', 'Import', 'Export'].filter((p) => p !== missing),
    });
    await linkMemberToCompany(db, user.id, companySP.id);
    limited[missing] = bearer(await createSessionToken(db, user.id));
  }
  const auth = async (userId: string) => bearer(await createSessionToken(db, userId));
  return {
    partnerA,
    partnerB,
    companySP,
    companyRJ,
    companyB,
    blocked,
    member,
    headers: {
      admin: await auth(admin.id),
      ownerA: await auth(ownerA.id),
      ownerB: await auth(ownerB.id),
      member: await auth(member.id),
      unlinked: await auth(unlinked.id),
      without: limited as Record<'Create' | 'Delete' | 'Import' | 'Export', Record<string, string>>,
    },
  };
}

/** POST /products/import of one file as a multipart upload, the way the import screen sends it. */
export function uploadProductFile(
  app: FastifyInstance,
  companyId: string,
  file: { name: string; content: Buffer | string },
  opts: { headers: Record<string, string>; ignoreHeader?: boolean },
) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/v1/public/products/import?companyId=${companyId}&ignoreHeader=${opts.ignoreHeader ?? false}`,
    headers: { ...opts.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
