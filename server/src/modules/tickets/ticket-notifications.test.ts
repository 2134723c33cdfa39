import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createUser } from '../../db/factories.js';
import { TICKET_NOTIFICATION_JOB } from './ticket-notifications.js';
import { seedTicketActors, type TicketActors, ticketBody, ticketCalls } from './tickets.fixtures.js';

const publicUrl = 'http://plataforma.test:8080';
let smtp: SmtpCapture;
let ctx: TestContext;
let s: TicketActors;
let call: ReturnType<typeof ticketCalls>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ publicUrl }, { mailer: smtp.mailer });
  s = await seedTicketActors(ctx.db);
  // an inactive owner of partner A is not told
  await createUser(ctx.db, { role: 'PartnerOwner', partnerId: s.partnerA.id, status: 'Inactive', name: 'Ex Staff' });
  call = ticketCalls(ctx.app);
});
afterAll(() => smtp.close());

const drain = () => ctx.app.jobs.drain(TICKET_NOTIFICATION_JOB);

describe('ticket e-mails through a real SMTP server (★ beyond the spec)', () => {
  it("a Member opening a ticket e-mails its partner's active staff, and no one else", async () => {
    const res = await call.open(s.headers.member, ticketBody(s.companySP.id, s.products.sp.id));
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    expect(smtp.mails).toHaveLength(0); // queued, not sent inside the request
    expect(await drain()).toBe(1);
    const [toOwner] = await smtp.waitFor(s.users.ownerA.email);
    await smtp.waitFor(s.users.contributorA.email);
    expect(toOwner!.subject).toBe('Novo ticket: NCM do refrigerante');
    expect(toOwner!.text).toContain('Olá, Otávio Fiscal.');
    expect(toOwner!.text).toContain('Maria Compras abriu um ticket de suporte.');
    expect(toOwner!.text).toContain('Empresa: MERCADO SÃO JOÃO');
    expect(toOwner!.text).toContain(`${publicUrl}/partner/tickets?ticket=${id}`);
    expect(smtp.mails.map((m) => m.to).sort()).toEqual([s.users.ownerA.email, s.users.contributorA.email].sort());
  });

  it("a staff answer e-mails the ticket's creator; the Member's own comments and staff tickets do not", async () => {
    const id = (await call.open(s.headers.memberRJ, ticketBody(s.companyRJ.id, s.products.rj.id))).json().id;
    await drain();
    smtp.mails.length = 0;
    await call.comment(s.headers.memberRJ, { ticketId: id, text: 'Alguma novidade?' });
    expect(await drain()).toBe(0);
    const answer = await call.comment(s.headers.contributorA, { ticketId: id, text: 'O NCM correto é 2202.10.00.' });
    expect(answer.statusCode).toBe(200);
    expect(await drain()).toBe(1);
    const [mail] = await smtp.waitFor(s.users.memberRJ.email);
    expect(mail!.subject).toBe('Resposta no ticket: NCM do refrigerante');
    expect(mail!.text).toContain('Carla Apoio respondeu ao seu ticket');
    expect(mail!.text).toContain('O NCM correto é 2202.10.00.');
    expect(mail!.text).toContain(`${publicUrl}/member/tickets?ticket=${id}`);
    expect(smtp.mails).toHaveLength(1);

    // staff opening a ticket themselves: nobody is e-mailed, and their own comment does not mail them
    const staffTicket = (await call.open(s.headers.ownerA, ticketBody(s.companySP.id, s.products.sp.id))).json().id;
    await call.comment(s.headers.ownerA, { ticketId: staffTicket, text: 'Anotação interna' });
    expect(await drain()).toBe(0);
  });

  it('a mail server that fails never fails the request: the ticket is saved and the job is marked failed', async () => {
    const broken = await createTestApp(
      { publicUrl },
      {
        mailer: {
          send: async () => {
            throw new Error('SMTP fora do ar');
          },
        },
      },
    );
    const b = await seedTicketActors(broken.db);
    const res = await ticketCalls(broken.app).open(b.headers.member, ticketBody(b.companySP.id, b.products.sp.id));
    expect(res.statusCode).toBe(200);
    // tried once and retried retryLimit (3) times, then kept as failed
    expect(await broken.app.jobs.drain(TICKET_NOTIFICATION_JOB)).toBe(4);
    const job = await broken.database.pool.query(`SELECT state, retry_count FROM pgboss.job WHERE name = $1`, [
      TICKET_NOTIFICATION_JOB,
    ]);
    expect(job.rows[0]).toEqual({ state: 'failed', retry_count: 3 });
    const saved = await broken.database.pool.query('SELECT count(*)::int AS n FROM tickets');
    expect(saved.rows[0].n).toBe(1);
  });
});
