import type { FastifyInstance } from 'fastify';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import type { Db } from '../../db/client.js';
import {
  createCompany,
  createPartner,
  createProduct,
  createUser,
  generateGtin14,
  linkMemberToCompany,
} from '../../db/factories.js';

/**
 * Actors of the tickets tests: partner A with two companies (each with its own Member) and a blocked one,
 * partner B with its own company and staff; a product with the same GTIN in each company, so the knowledge
 * base has something to find on both sides of every boundary.
 */
export async function seedTicketActors(db: Db) {
  const partnerA = await createPartner(db);
  const partnerB = await createPartner(db);
  const companySP = await createCompany(db, { partnerId: partnerA.id, uf: 'SP', nomeFantasia: 'MERCADO SÃO JOÃO' });
  const companyRJ = await createCompany(db, { partnerId: partnerA.id, uf: 'RJ', nomeFantasia: 'EMPÓRIO CARIOCA' });
  const blocked = await createCompany(db, { partnerId: partnerA.id, uf: 'SP', status: 'Blocked' });
  const companyB = await createCompany(db, { partnerId: partnerB.id, uf: 'SP', nomeFantasia: 'ATACADO DO SUL' });
  const admin = await createUser(db, { role: 'Admin', name: 'Ana Admin' });
  const ownerA = await createUser(db, { role: 'PartnerOwner', partnerId: partnerA.id, name: 'Otávio Fiscal' });
  const contributorA = await createUser(db, {
    role: 'PartnerContributor',
    partnerId: partnerA.id,
    name: 'Carla Apoio',
  });
  const ownerB = await createUser(db, { role: 'PartnerOwner', partnerId: partnerB.id, name: 'Bruno Sul' });
  const member = await createUser(db, { role: 'Member', partnerId: partnerA.id, name: 'Maria Compras' });
  const memberRJ = await createUser(db, { role: 'Member', partnerId: partnerA.id, name: 'Rui Carioca' });
  const memberB = await createUser(db, { role: 'Member', partnerId: partnerB.id, name: 'Bia Sul' });
  await linkMemberToCompany(db, member.id, companySP.id);
  await linkMemberToCompany(db, member.id, blocked.id);
  await linkMemberToCompany(db, memberRJ.id, companyRJ.id);
  await linkMemberToCompany(db, memberB.id, companyB.id);
  const gtin = generateGtin14();
  const product = (companyId: string, description: string) => createProduct(db, { companyId, description, gtin });
  const auth = async (userId: string) => bearer(await createSessionToken(db, userId));
  return {
    partnerA,
    partnerB,
    companySP,
    companyRJ,
    blocked,
    companyB,
    gtin,
    users: { admin, ownerA, contributorA, ownerB, member, memberRJ, memberB },
    products: {
      sp: await product(companySP.id, 'REFRIGERANTE COLA 2L'),
      rj: await product(companyRJ.id, 'REFRIGERANTE COLA 2L PET'),
      blocked: await product(blocked.id, 'REFRIGERANTE COLA LATA'),
      b: await product(companyB.id, 'REFRIGERANTE COLA 2L SUL'),
    },
    headers: {
      admin: await auth(admin.id),
      ownerA: await auth(ownerA.id),
      contributorA: await auth(contributorA.id),
      ownerB: await auth(ownerB.id),
      member: await auth(member.id),
      memberRJ: await auth(memberRJ.id),
      memberB: await auth(memberB.id),
    },
  };
}

export type TicketActors = Awaited<ReturnType<typeof seedTicketActors>>;

/** The calls of spec 02 §7 Tickets through app.inject. */
export function ticketCalls(app: FastifyInstance) {
  const url = (path: string) => `/v1/public${path}`;
  return {
    open: (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'POST', url: url('/tickets/products'), headers, payload }),
    list: (headers: Record<string, string>, path = '/tickets', page?: number) =>
      app.inject({ method: 'GET', url: url(`${path}${page ? `?page=${page}` : ''}`), headers }),
    get: (headers: Record<string, string>, ticketId: string) =>
      app.inject({ method: 'GET', url: url(`/tickets/${ticketId}`), headers }),
    comments: (headers: Record<string, string>, ticketId: string, last?: number | string) =>
      app.inject({
        method: 'GET',
        url: url(`/tickets/comments/${ticketId}${last !== undefined ? `?lastTicketCommentId=${last}` : ''}`),
        headers,
      }),
    comment: (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'POST', url: url('/tickets/comments'), headers, payload }),
    close: (headers: Record<string, string>, ticketId: string) =>
      app.inject({ method: 'POST', url: url('/tickets/close'), headers, payload: { ticketId } }),
    knowledgeBase: (headers: Record<string, string>, gtin: string) =>
      app.inject({ method: 'GET', url: url(`/tickets/${gtin}/knowledge-base`), headers }),
  };
}

/** A valid ticket body about `productId` of `companyId`. */
export const ticketBody = (companyId: string, productId: string, over: object = {}) => ({
  companyId,
  productId,
  ticketIdReference: null,
  code: null,
  title: 'NCM do refrigerante',
  description: 'O NCM sugerido parece ser de outra bebida, podem conferir?',
  ...over,
});
