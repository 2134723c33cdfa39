import {
  sendTicketNotification,
  TICKET_NOTIFICATION_JOB,
  ZTicketNotification,
} from '../modules/tickets/ticket-notifications.js';
import { defineJob } from './job-definition.js';

/** E-mails of ticket events (a Member opened one; staff answered). A failed send is retried by the queue. */
export const ticketNotificationJob = defineJob({
  name: TICKET_NOTIFICATION_JOB,
  schema: ZTicketNotification,
  expireInSeconds: 300,
  retryLimit: 3,
  handle: async (app, data) => ({ sent: await sendTicketNotification(app, data) }),
});
