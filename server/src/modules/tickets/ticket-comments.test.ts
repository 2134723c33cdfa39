import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { seedTicketActors, type TicketActors, ticketBody, ticketCalls } from './tickets.fixtures.js';

let ctx: TestContext;
let s: TicketActors;
let call: ReturnType<typeof ticketCalls>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedTicketActors(ctx.db);
  call = ticketCalls(ctx.app);
});

const openTicket = async (headers = s.headers.member, companyId = s.companySP.id, productId = s.products.sp.id) =>
  (await call.open(headers, ticketBody(companyId, productId))).json().id as string;
const statusOf = async (ticketId: string) => (await call.get(s.headers.admin, ticketId)).json().status;
const commentCount = async () =>
  (await ctx.database.pool.query('SELECT count(*)::int AS n FROM ticket_comments')).rows[0].n as number;

describe('status transitions (spec 02 §4)', () => {
  it('Open → first comment keeps Open → second comment Pending → close Closed → no more comments', async () => {
    const id = await openTicket();
    expect(await statusOf(id)).toBe('Open');
    const first = await call.comment(s.headers.member, { ticketId: id, text: 'Segue a nota fiscal do fornecedor.' });
    expect(first.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('Open');
    const second = await call.comment(s.headers.ownerA, { ticketId: id, text: 'Conferimos: o NCM é 2202.10.00.' });
    expect(second.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('Pending');
    expect((await call.get(s.headers.member, id)).json().comments).toBe(2);

    const closed = await call.close(s.headers.member, id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ message: 'Ticket finalizado com sucesso!' });
    expect(await statusOf(id)).toBe('Closed');

    const before = await commentCount();
    const refused = await call.comment(s.headers.ownerA, { ticketId: id, text: 'Mais uma coisa.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Este ticket já foi finalizado e não aceita comentários.');
    expect(await commentCount()).toBe(before);
    const again = await call.close(s.headers.ownerA, id);
    expect(again.statusCode).toBe(409);
    const audit = await ctx.database.pool.query('SELECT code FROM audit_events WHERE entity_id = $1 ORDER BY id', [id]);
    expect(audit.rows.map((r) => r.code)).toEqual([3900, 3901, 3901, 3902]);
  });
});

describe('GET/POST /tickets/comments', () => {
  it('answers the comments with author, itsMine per caller and polling after lastTicketCommentId', async () => {
    const id = await openTicket();
    const a = (await call.comment(s.headers.member, { ticketId: id, text: '  Primeira dúvida  ' })).json();
    expect(a).toMatchObject({
      text: 'Primeira dúvida',
      createdByName: 'Maria Compras',
      itsMine: true,
      type: 'Normal',
      knowledgeBase: false,
      commentIdReference: null,
    });
    const b = (
      await call.comment(s.headers.ownerA, {
        ticketId: id,
        text: 'Resposta da equipe',
        commentIdReference: a.id,
        knowledgeBase: true,
      })
    ).json();
    expect(b).toMatchObject({ type: 'KnowledgeBase', knowledgeBase: true, commentIdReference: a.id, itsMine: true });

    const all = (await call.comments(s.headers.member, id)).json();
    expect(all.map((c: { id: number }) => c.id)).toEqual([a.id, b.id]);
    expect(all.map((c: { itsMine: boolean }) => c.itsMine)).toEqual([true, false]);
    expect(all[1].createdByName).toBe('Otávio Fiscal');
    const after = (await call.comments(s.headers.member, id, a.id)).json();
    expect(after.map((c: { id: number }) => c.id)).toEqual([b.id]);
    expect((await call.comments(s.headers.member, id, b.id)).json()).toEqual([]);
    expect((await call.comments(s.headers.member, id, 'abc')).statusCode).toBe(400);
  });

  it("a Member's knowledge-base flag has no effect", async () => {
    const id = await openTicket();
    const res = await call.comment(s.headers.member, { ticketId: id, text: 'Quero na base', knowledgeBase: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'Normal', knowledgeBase: false });
    const stored = await ctx.database.pool.query('SELECT type FROM ticket_comments WHERE id = $1', [res.json().id]);
    expect(stored.rows[0].type).toBe('Normal');
  });

  it('refuses a blank or too long comment, a reference from another ticket, and an unknown ticket', async () => {
    const id = await openTicket();
    const other = await openTicket();
    const foreignComment = (await call.comment(s.headers.member, { ticketId: other, text: 'em outro ticket' })).json();
    const before = await commentCount();
    for (const text of ['', '   \n  ']) {
      const res = await call.comment(s.headers.member, { ticketId: id, text });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Você não pode fazer um comentário em branco!');
    }
    const long = await call.comment(s.headers.member, { ticketId: id, text: 'x'.repeat(2001) });
    expect(long.json().detail).toBe('O comentário pode ter no máximo 2000 caracteres!');
    const ref = await call.comment(s.headers.member, {
      ticketId: id,
      text: 'oi',
      commentIdReference: foreignComment.id,
    });
    expect(ref.statusCode).toBe(404);
    const unknown = await call.comment(s.headers.member, {
      ticketId: '00000000-0000-4000-8000-000000000000',
      text: 'oi',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await commentCount()).toBe(before);
  });

  it("a Member never reads, comments on or closes another company's ticket; staff of partner B neither", async () => {
    const id = await openTicket(s.headers.memberRJ, s.companyRJ.id, s.products.rj.id);
    const before = await commentCount();
    for (const headers of [s.headers.member, s.headers.memberB, s.headers.ownerB]) {
      expect((await call.comments(headers, id)).statusCode).toBe(404);
      expect((await call.comment(headers, { ticketId: id, text: 'intruso' })).statusCode).toBe(404);
      expect((await call.close(headers, id)).statusCode).toBe(404);
    }
    expect(await commentCount()).toBe(before);
    expect(await statusOf(id)).toBe('Open');
    // staff of the partner and Admin may answer
    expect((await call.comment(s.headers.contributorA, { ticketId: id, text: 'Olá' })).statusCode).toBe(200);
    expect((await call.comment(s.headers.admin, { ticketId: id, text: 'Olá também' })).statusCode).toBe(200);
  });

  it('polling after lastTicketCommentId checks access in the same statement: foreign tickets still read 404', async () => {
    const id = await openTicket(s.headers.memberRJ, s.companyRJ.id, s.products.rj.id);
    const a = (await call.comment(s.headers.memberRJ, { ticketId: id, text: 'Primeira' })).json();
    const b = (await call.comment(s.headers.contributorA, { ticketId: id, text: 'Resposta' })).json();
    for (const headers of [s.headers.member, s.headers.memberB, s.headers.ownerB]) {
      for (const last of [0, a.id, b.id]) {
        const res = await call.comments(headers, id, last);
        expect(res.statusCode).toBe(404);
        expect(JSON.stringify(res.json())).not.toContain('Resposta');
      }
    }
    for (const headers of [s.headers.memberRJ, s.headers.ownerA, s.headers.contributorA, s.headers.admin]) {
      expect((await call.comments(headers, id, a.id)).json().map((c: { id: number }) => c.id)).toEqual([b.id]);
      expect((await call.comments(headers, id, b.id)).json()).toEqual([]);
    }
  });

  it('a Member of a blocked company gets COMPANY_BLOCKED on its tickets and does not list them', async () => {
    const id = await openTicket(s.headers.ownerA, s.blocked.id, s.products.blocked.id);
    const res = await call.comments(s.headers.member, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('COMPANY_BLOCKED');
    expect((await call.comments(s.headers.member, id, 0)).json().code).toBe('COMPANY_BLOCKED');
    expect((await call.comment(s.headers.member, { ticketId: id, text: 'oi' })).statusCode).toBe(403);
    const listed = (await call.list(s.headers.member)).json().objects.map((t: { id: string }) => t.id);
    expect(listed).not.toContain(id);
  });
});

describe('GET /tickets/{gtin}/knowledge-base', () => {
  it('finds tickets by GTIN (any length, normalised to 14) with their knowledge-base comments, in scope', async () => {
    const sp = await openTicket();
    await call.comment(s.headers.member, { ticketId: sp, text: 'pergunta normal' });
    await call.comment(s.headers.ownerA, { ticketId: sp, text: 'NCM 2202.10.00, CEST 03.007.00', knowledgeBase: true });
    const b = await openTicket(s.headers.memberB, s.companyB.id, s.products.b.id);
    await call.comment(s.headers.ownerB, { ticketId: b, text: 'segredo do parceiro B', knowledgeBase: true });

    const short = s.gtin.replace(/^0+/, '');
    const mine = await call.knowledgeBase(s.headers.member, short);
    expect(mine.statusCode).toBe(200);
    const found = mine.json().find((t: { id: string }) => t.id === sp);
    expect(found.specification.gtin).toBe(s.gtin);
    expect(found.comments.map((c: { text: string }) => c.text)).toEqual(['NCM 2202.10.00, CEST 03.007.00']);
    const ids = (r: { json: () => { id: string }[] }) => r.json().map((t) => t.id);
    expect(ids(mine)).not.toContain(b);

    const staffA = await call.knowledgeBase(s.headers.ownerA, s.gtin);
    expect(ids(staffA)).toContain(sp);
    expect(ids(staffA)).not.toContain(b);
    expect(JSON.stringify(staffA.json())).not.toContain('segredo do parceiro B');
    const staffB = await call.knowledgeBase(s.headers.ownerB, s.gtin);
    expect(ids(staffB)).toEqual([b]);
    const admin = await call.knowledgeBase(s.headers.admin, s.gtin);
    expect(ids(admin)).toEqual(expect.arrayContaining([sp, b]));

    expect((await call.knowledgeBase(s.headers.member, '78912345678901')).json()).toEqual([]);
    const bad = await call.knowledgeBase(s.headers.member, '123abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('GTIN inválido: informe somente números (até 14 dígitos).');
  });
});
