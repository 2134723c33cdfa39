import { TICKETS_PAGE_SIZE } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type TicketCommentType, type TicketStatus, ticketComments, tickets } from '../../db/schema/index.js';

/** Whose tickets a list reads: a Member's linked (not blocked) companies, a partner's queue, or all (Admin). */
export type TicketScope =
  | { kind: 'member'; userId: string; companyId?: string }
  | { kind: 'partner'; partnerId: string }
  | { kind: 'all' };

export interface TicketListRow {
  id: string;
  title: string;
  description: string;
  status: TicketStatus;
  commentCount: number;
  createdAt: Date;
  createdBy: string;
  createdByName: string;
  companyId: string;
  companyNomeFantasia: string;
  productId: string | null;
  ticketIdReference: string | null;
  productCode: string;
  productDescription: string;
  gtin: string | null;
}

export interface ScopedTicketRow extends TicketListRow {
  partnerId: string;
  companyStatus: string;
  isLinked: boolean;
}

export interface CommentRow {
  id: number;
  text: string;
  type: TicketCommentType;
  commentIdReference: number | null;
  createdAt: Date;
  createdBy: string;
  createdByName: string;
}

const ticketSelect = sql`t.id, t.title, t.description, t.status, t.comment_count AS "commentCount",
  t.created_at AS "createdAt", t.created_by AS "createdBy", u.name AS "createdByName",
  t.company_id AS "companyId", c.nome_fantasia AS "companyNomeFantasia", t.product_id AS "productId",
  t.ticket_id_reference AS "ticketIdReference", t.product_code AS "productCode",
  t.product_description AS "productDescription", t.gtin`;

function scopeFilter(scope: TicketScope): SQL {
  if (scope.kind === 'partner') return sql`t.partner_id = ${scope.partnerId}`;
  if (scope.kind === 'all') return sql`true`;
  // A Member reads only linked companies, and not those blocked (spec 01 §4: a blocked company is not usable).
  return sql`t.company_id IN (${memberCompanies(scope)})`;
}

/** A Member's usable companies (linked, not Blocked), or only the one asked for when it is one of them. */
function memberCompanies(scope: { userId: string; companyId?: string }): SQL {
  const one = scope.companyId ? sql` AND uc.company_id = ${scope.companyId}` : sql``;
  return sql`SELECT uc.company_id FROM user_companies uc JOIN companies bc ON bc.id = uc.company_id
    WHERE uc.user_id = ${scope.userId} AND bc.status <> 'Blocked'${one}`;
}

/**
 * The list's count from the per-(company, status) counters a trigger keeps (0541_ticket_counts.sql): the same
 * number as count(*) over the scope, read from a few rows instead of up to every ticket.
 */
export async function countTickets(db: DbOrTx, scope: TicketScope): Promise<number> {
  const filter =
    scope.kind === 'partner'
      ? sql`tc.partner_id = ${scope.partnerId}`
      : scope.kind === 'all'
        ? sql`true`
        : sql`tc.company_id IN (${memberCompanies(scope)})`;
  const res = await db.execute<{ n: number }>(
    sql`SELECT coalesce(sum(tc.n), 0)::int AS n FROM ticket_counts tc WHERE ${filter}`,
  );
  return res.rows[0]?.n ?? 0;
}

/**
 * One page of the list, newest first, read from the (scope, created_at DESC, id DESC) indexes in their order.
 * A Member's companies are walked one by one (LATERAL): each company's range gives its newest offset + 20 in
 * index order and only those few rows are merged, instead of scanning all tickets newest first and filtering
 * (which reads ever more of the index the smaller the Member's share is).
 */
export async function findTicketPage(db: DbOrTx, scope: TicketScope, page: number): Promise<TicketListRow[]> {
  const offset = (page - 1) * TICKETS_PAGE_SIZE;
  const newest =
    scope.kind === 'member'
      ? sql`SELECT t.* FROM (${memberCompanies(scope)}) mc
        CROSS JOIN LATERAL (SELECT * FROM tickets t WHERE t.company_id = mc.company_id
          ORDER BY t.created_at DESC, t.id DESC LIMIT ${offset + TICKETS_PAGE_SIZE}) t`
      : sql`SELECT * FROM tickets t WHERE ${scopeFilter(scope)}`;
  const res = await db.execute<TicketListRow & Record<string, unknown>>(sql`
    SELECT ${ticketSelect}
    FROM (${newest} ORDER BY t.created_at DESC, t.id DESC LIMIT ${TICKETS_PAGE_SIZE} OFFSET ${offset}) t
    JOIN companies c ON c.id = t.company_id
    JOIN users u ON u.id = t.created_by
    ORDER BY t.created_at DESC, t.id DESC`);
  return res.rows;
}

/**
 * A ticket with what the tenant check needs (partner, company status, whether the Member is linked);
 * locked when about to change, so comments and closing of one ticket run one at a time.
 */
export async function findScopedTicket(
  db: DbOrTx,
  ticketId: string,
  userId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ScopedTicketRow | undefined> {
  const res = await db.execute<ScopedTicketRow & Record<string, unknown>>(sql`
    SELECT ${ticketSelect}, t.partner_id AS "partnerId", c.status AS "companyStatus",
      EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = ${userId} AND uc.company_id = t.company_id)
        AS "isLinked"
    FROM tickets t JOIN companies c ON c.id = t.company_id JOIN users u ON u.id = t.created_by
    WHERE t.id = ${ticketId}
    ${opts.forUpdate ? sql`FOR UPDATE OF t` : sql``}`);
  return res.rows[0];
}

export async function insertTicket(db: DbOrTx, values: typeof tickets.$inferInsert): Promise<string> {
  const [row] = await db.insert(tickets).values(values).returning({ id: tickets.id });
  return row!.id;
}

export async function findProductOfCompany(db: DbOrTx, productId: string, companyId: string) {
  const res = await db.execute<{ id: string; internalCode: string; description: string; gtin: string | null }>(sql`
    SELECT id, internal_code AS "internalCode", description, gtin FROM products
    WHERE id = ${productId} AND company_id = ${companyId}`);
  return res.rows[0];
}

export async function ticketExistsInScope(db: DbOrTx, ticketId: string, scope: TicketScope): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM tickets t WHERE t.id = ${ticketId} AND ${scopeFilter(scope)}`);
  return res.rows.length > 0;
}

/** Comments of a ticket after `afterId` (0: all), oldest first: served by (ticket_id, id). */
export async function findComments(db: DbOrTx, ticketId: string, afterId: number): Promise<CommentRow[]> {
  const res = await db.execute<CommentRow & Record<string, unknown>>(sql`
    SELECT tc.id, tc.text, tc.type, tc.comment_id_reference AS "commentIdReference", tc.created_at AS "createdAt",
      tc.created_by AS "createdBy", u.name AS "createdByName"
    FROM ticket_comments tc JOIN users u ON u.id = tc.created_by
    WHERE tc.ticket_id = ${ticketId} AND tc.id > ${afterId}
    ORDER BY tc.id`);
  return res.rows;
}

/** What one polling statement answers: no ticket (unknown or foreign), a Member's blocked company, or comments. */
export type PolledComments = { found: false } | { found: true; blocked: boolean; comments: CommentRow[] };

/**
 * The chat's polling in one statement (one round trip): the ticket is read only if the scope may act on it
 * (Admin any; staff their partner's; a Member a linked company, blocked or not so that case can be told
 * apart), and its comments after `afterId` are joined to it, none when a Member's company is blocked. No row
 * means unknown or foreign; one row with a null comment id means nothing new.
 */
export async function pollComments(
  db: DbOrTx,
  scope: TicketScope,
  ticketId: string,
  afterId: number,
): Promise<PolledComments> {
  const access =
    scope.kind === 'partner'
      ? sql`t.partner_id = ${scope.partnerId}`
      : scope.kind === 'all'
        ? sql`true`
        : sql`EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = ${scope.userId} AND uc.company_id = t.company_id)`;
  const blocked = scope.kind === 'member' ? sql`c.status = 'Blocked'` : sql`false`;
  const res = await db.execute<{ blocked: boolean } & { [K in keyof CommentRow]: CommentRow[K] | null }>(sql`
    SELECT ${blocked} AS blocked, tc.id, tc.text, tc.type, tc.comment_id_reference AS "commentIdReference",
      tc.created_at AS "createdAt", tc.created_by AS "createdBy", tc.name AS "createdByName"
    FROM tickets t JOIN companies c ON c.id = t.company_id
    LEFT JOIN LATERAL (
      SELECT tc.*, u.name FROM ticket_comments tc JOIN users u ON u.id = tc.created_by
      WHERE tc.ticket_id = t.id AND tc.id > ${afterId} ORDER BY tc.id) tc ON NOT ${blocked}
    WHERE t.id = ${ticketId} AND ${access}
    ORDER BY tc.id`);
  const first = res.rows[0];
  if (!first) return { found: false };
  const comments = res.rows.filter((r) => r.id !== null) as unknown as CommentRow[];
  return { found: true, blocked: first.blocked, comments };
}

export async function commentBelongsToTicket(db: DbOrTx, commentId: number, ticketId: string): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM ticket_comments WHERE id = ${commentId} AND ticket_id = ${ticketId}`);
  return res.rows.length > 0;
}

export async function insertComment(db: DbOrTx, values: typeof ticketComments.$inferInsert): Promise<number> {
  const [row] = await db.insert(ticketComments).values(values).returning({ id: ticketComments.id });
  return row!.id;
}

export async function updateTicketState(
  db: DbOrTx,
  ticketId: string,
  change: { status: TicketStatus; commentCount?: number; closedBy?: string },
): Promise<void> {
  await db.execute(sql`
    UPDATE tickets SET status = ${change.status}, updated_at = now(),
      comment_count = coalesce(${change.commentCount ?? null}::int, comment_count),
      closed_at = CASE WHEN ${change.status} = 'Closed' THEN now() ELSE closed_at END,
      closed_by = coalesce(${change.closedBy ?? null}::uuid, closed_by)
    WHERE id = ${ticketId}`);
}

/** Related tickets of a GTIN in the caller's scope, newest first, at most `limit`. */
export async function findTicketsByGtin(
  db: DbOrTx,
  gtin: string,
  scope: TicketScope,
  limit: number,
): Promise<TicketListRow[]> {
  const res = await db.execute<TicketListRow & Record<string, unknown>>(sql`
    SELECT ${ticketSelect}
    FROM tickets t JOIN companies c ON c.id = t.company_id JOIN users u ON u.id = t.created_by
    WHERE t.gtin = ${gtin} AND ${scopeFilter(scope)}
    ORDER BY t.created_at DESC, t.id DESC
    LIMIT ${limit}`);
  return res.rows;
}

/** The knowledge-base comments of some tickets, oldest first. */
export async function findKnowledgeBaseComments(
  db: DbOrTx,
  ticketIds: string[],
): Promise<(CommentRow & { ticketId: string })[]> {
  if (ticketIds.length === 0) return [];
  const res = await db.execute<CommentRow & { ticketId: string } & Record<string, unknown>>(sql`
    SELECT tc.ticket_id AS "ticketId", tc.id, tc.text, tc.type, tc.comment_id_reference AS "commentIdReference",
      tc.created_at AS "createdAt", tc.created_by AS "createdBy", u.name AS "createdByName"
    FROM ticket_comments tc JOIN users u ON u.id = tc.created_by
    WHERE tc.ticket_id = ANY(${sql`ARRAY[${sql.join(
      ticketIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`}) AND tc.type = 'KnowledgeBase'
    ORDER BY tc.ticket_id, tc.id`);
  return res.rows;
}
