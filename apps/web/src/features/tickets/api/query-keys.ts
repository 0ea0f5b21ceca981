import type { ticketListQuery } from '@app/contracts';
import type { z } from 'zod';

/** A ticket list query as sent: page and size filled in, the status optional. */
export type TicketListQuery = z.output<typeof ticketListQuery>;

/** Every ticket query starts with 'tickets', so a new ticket or reply refreshes them all. */
export const ticketKeys = {
  all: ['tickets'],
  list: (query: TicketListQuery) => [...ticketKeys.all, 'list', query] as const,
  thread: (ticketId: string) => [...ticketKeys.all, 'thread', ticketId] as const,
  /** Outside `all`: an image never changes, so a reply does not read it again. */
  image: (attachmentId: string) => ['ticket-image', attachmentId] as const,
} as const;
