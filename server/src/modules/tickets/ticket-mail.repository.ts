import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export async function findMailTicket(db: DbOrTx, ticketId: string) {
  const res = await db.execute<{
    id: string;
    partnerId: string;
    title: string;
    description: string;
    productCode: string;
    productDescription: string;
    companyNomeFantasia: string;
    createdByName: string;
  }>(sql`
    SELECT t.id, t.partner_id AS "partnerId", t.title, t.description, t.product_code AS "productCode",
      t.product_description AS "productDescription", c.nome_fantasia AS "companyNomeFantasia",
      u.name AS "createdByName"
    FROM tickets t JOIN companies c ON c.id = t.company_id JOIN users u ON u.id = t.created_by
    WHERE t.id = ${ticketId}`);
  return res.rows[0];
}

/** The partner's active staff (owners and contributors): the ones who answer its tickets. */
export async function findStaffRecipients(db: DbOrTx, partnerId: string) {
  const res = await db.execute<{ email: string; name: string }>(sql`
    SELECT email, name FROM users
    WHERE partner_id = ${partnerId} AND role IN ('PartnerOwner', 'PartnerContributor') AND status = 'Active'
    ORDER BY name`);
  return res.rows;
}

/** The ticket's creator (when still active) and the answer they are told about. */
export async function findCreatorRecipient(db: DbOrTx, ticketId: string, commentId: number) {
  const res = await db.execute<{ email: string; name: string; authorName: string; commentText: string }>(sql`
    SELECT cu.email, cu.name, au.name AS "authorName", tc.text AS "commentText"
    FROM tickets t
    JOIN users cu ON cu.id = t.created_by AND cu.status = 'Active'
    JOIN ticket_comments tc ON tc.id = ${commentId} AND tc.ticket_id = t.id
    JOIN users au ON au.id = tc.created_by
    WHERE t.id = ${ticketId}`);
  return res.rows[0];
}
