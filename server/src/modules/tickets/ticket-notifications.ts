import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Mail } from '../../lib/mailer.js';
import { findCreatorRecipient, findMailTicket, findStaffRecipients } from './ticket-mail.repository.js';

export const TICKET_NOTIFICATION_JOB = 'ticket-notification';

export const ZTicketNotification = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('opened'), ticketId: z.uuid() }),
  z.object({ kind: z.literal('answered'), ticketId: z.uuid(), commentId: z.number().int().positive() }),
]);
export type TicketNotification = z.infer<typeof ZTicketNotification>;

/**
 * Queues the e-mail of a ticket event (★ beyond the spec) inside the transaction writing the ticket or comment,
 * so the job exists if and only if that write commits (a crash after the commit loses no e-mail). It runs in a
 * savepoint: a queue failure is logged and rolled back alone, the ticket or comment is still saved, and a missing
 * e-mail must not turn it into an error. The caller wakes the worker after the commit.
 */
export async function queueTicketNotification(app: FastifyInstance, tx: Tx, event: TicketNotification): Promise<void> {
  try {
    await tx.transaction((savepoint) => app.jobs.send(TICKET_NOTIFICATION_JOB, event, { tx: savepoint }));
  } catch (err) {
    app.log.error({ err: { message: (err as Error).message }, event }, 'ticket: e-mail não enfileirado');
  }
}

/**
 * Composes the e-mails of one event: a Member opened a ticket → the partner's active staff; staff answered →
 * the ticket's creator. Each message names the ticket and links to its chat.
 */
export async function composeTicketMails(db: Db, publicUrl: string, event: TicketNotification): Promise<Mail[]> {
  const ticket = await findMailTicket(db, event.ticketId);
  if (!ticket) return [];
  const base = publicUrl.replace(/\/+$/, '');
  const about = `Produto: ${ticket.productCode} - ${ticket.productDescription}\nEmpresa: ${ticket.companyNomeFantasia}`;
  if (event.kind === 'opened') {
    const link = `${base}/partner/tickets?ticket=${ticket.id}`;
    const staff = await findStaffRecipients(db, ticket.partnerId);
    return staff.map((to) => ({
      to: to.email,
      subject: `Novo ticket: ${ticket.title}`,
      text: [
        `Olá, ${to.name}.`,
        '',
        `${ticket.createdByName} abriu um ticket de suporte.`,
        '',
        `Título: ${ticket.title}`,
        about,
        '',
        ticket.description,
        '',
        `Para responder, acesse: ${link}`,
      ].join('\n'),
    }));
  }
  const creator = await findCreatorRecipient(db, ticket.id, event.commentId);
  if (!creator) return [];
  const link = `${base}/member/tickets?ticket=${ticket.id}`;
  return [
    {
      to: creator.email,
      subject: `Resposta no ticket: ${ticket.title}`,
      text: [
        `Olá, ${creator.name}.`,
        '',
        `${creator.authorName} respondeu ao seu ticket "${ticket.title}".`,
        about,
        '',
        creator.commentText,
        '',
        `Para ver a conversa, acesse: ${link}`,
      ].join('\n'),
    },
  ];
}

/** The job's work: compose, then send each e-mail (SMTP when configured, otherwise the log). */
export async function sendTicketNotification(app: FastifyInstance, event: TicketNotification): Promise<number> {
  const mails = await composeTicketMails(app.db, app.config.publicUrl, event);
  for (const mail of mails) await app.mailer.send(mail);
  return mails.length;
}
