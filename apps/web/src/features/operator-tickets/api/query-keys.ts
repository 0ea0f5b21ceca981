import type { operatorTicketQuery } from '@app/contracts';
import type { z } from 'zod';
import { operatorKeys } from '../../../lib/operator-query-keys.ts';

/** An inbox query as sent: page and size filled in, status and order optional. */
export type InboxQuery = z.output<typeof operatorTicketQuery>;

/** The inbox's queries, under the console's 'tickets' area, so an answer refreshes them all. */
export const inboxKeys = {
  all: operatorKeys.area('tickets'),
  list: (query: InboxQuery) => operatorKeys.area('tickets', 'list', query),
  thread: (ticketId: string) => operatorKeys.area('tickets', 'thread', ticketId),
  assignees: operatorKeys.area('tickets', 'assignees'),
  cannedReplies: operatorKeys.area('tickets', 'canned-replies'),
  /** Outside the 'tickets' area: an image never changes, so an answer does not read it again. */
  image: (attachmentId: string) => operatorKeys.area('ticket-images', attachmentId),
};
