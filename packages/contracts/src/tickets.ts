import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { requiredText } from './fields.ts';
import { patternMessage, requiredMessage } from './messages.ts';
import { NOTIFICATION_LINKS } from './notifications.ts';

// Support tickets (ticket/create, ticket/reply-user, ticket/tickets, ticket/ticket-msg and the
// operator's inbox) and the operators' own notification feed. The limits live here so the web
// form refuses exactly what the server refuses, in the same words.

export const TICKET_CATEGORIES = [
  'account',
  'deposit',
  'withdrawal',
  'packages',
  'income',
  'team',
  'other',
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_AUTHORS = ['member', 'operator'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

export const ticketLabels = {
  subject: 'Subject',
  message: 'Message',
  category: 'Category',
  ticketId: 'Ticket',
  status: 'Status',
} as const;

export const ticketCategoryLabels: Record<TicketCategory, string> = {
  account: 'Account',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  packages: 'Packages',
  income: 'Income',
  team: 'Team',
  other: 'Other',
};

export const TICKET_SUBJECT_MIN = 3;
export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MAX = 5000;
/**
 * Tickets a member may have waiting (open or answered) at once: enough for separate matters,
 * few enough that a script cannot bury the support inbox. A closed ticket frees a place.
 */
export const MAX_UNRESOLVED_TICKETS = 5;
/** Messages one thread may hold: ticket-msg returns the whole thread, so it stays bounded. */
export const MAX_TICKET_MESSAGES = 100;

export const TICKET_CLOSED = 'This ticket is closed; open a new one';
export const TICKET_NOT_FOUND = 'No such ticket';
export const TICKET_ALREADY_CLOSED = 'This ticket is already closed';
export const TICKET_CLOSED_FOR_ANSWERS = 'This ticket is closed; it cannot be answered';
export const TICKET_FULL = `This ticket has reached ${MAX_TICKET_MESSAGES} messages; open a new one`;
export const TOO_MANY_TICKETS = `You already have ${MAX_UNRESOLVED_TICKETS} tickets waiting; add to one of them or wait for an answer`;

/** The link of every ticket notification: the member's thread on the support screen. */
export const ticketLink = (ticketId: string) =>
  `${NOTIFICATION_LINKS.support}?ticket=${encodeURIComponent(ticketId)}`;

const ticketSubject = requiredText(ticketLabels.subject, TICKET_SUBJECT_MAX, TICKET_SUBJECT_MIN);
/** A message keeps its line breaks (and tabs); only the ends are trimmed. */
export const ticketMessage = requiredText(ticketLabels.message, TICKET_MESSAGE_MAX, 1, {
  multiline: true,
});
const ticketCategory = z.enum(TICKET_CATEGORIES, {
  error: () => patternMessage(ticketLabels.category),
});
/** Any text: an id that names no ticket of this member answers 404, never a 422. */
const ticketId = z
  .string({ error: () => requiredMessage(ticketLabels.ticketId) })
  .trim()
  .min(1, requiredMessage(ticketLabels.ticketId));

// ---- member ----------------------------------------------------------------------------------

/** POST ticket/create (with an Idempotency-Key); the category defaults to other. */
export const createTicketBody = z.object({
  subject: ticketSubject,
  message: ticketMessage,
  category: ticketCategory.default('other'),
});
export type CreateTicketBody = z.input<typeof createTicketBody>;

/** POST ticket/reply-user (with an Idempotency-Key). */
export const replyTicketBody = z.object({ ticketId, message: ticketMessage });
export type ReplyTicketBody = z.input<typeof replyTicketBody>;

const statusFilter = z
  .enum(TICKET_STATUSES, { error: patternMessage(ticketLabels.status) })
  .optional();

/** GET ticket/tickets: newest activity first. */
export const ticketListQuery = pageQuery.extend({ status: statusFilter });
export type TicketListQuery = z.input<typeof ticketListQuery>;

/** GET ticket/ticket-msg. */
export const ticketThreadQuery = z.object({ ticketId });
export type TicketThreadQuery = z.input<typeof ticketThreadQuery>;

/** One ticket (the record shape). `updatedAt` is the last activity: a message or the close. */
export const ticketView = z.object({
  id: z.string(),
  number: z.number(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  /** Who wrote last: a member's open ticket waits for support, an answered one for the member. */
  lastAuthor: z.enum(TICKET_AUTHORS),
  messageCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TicketView = z.infer<typeof ticketView>;
export const ticketPageData = pageOf(ticketView);
export type TicketPage = z.infer<typeof ticketPageData>;

export const ticketMessageView = z.object({
  id: z.string(),
  from: z.enum(TICKET_AUTHORS),
  message: z.string(),
  createdAt: z.string(),
});
export type TicketMessageView = z.infer<typeof ticketMessageView>;

/**
 * An image in a thread (decision 0056). Its bytes come from a session-checked route, never a
 * public URL: GET ticket/attachment?attachmentId= for the member, operator/tickets/attachments/{id}.
 */
export const ticketAttachmentView = z.object({
  id: z.string(),
  from: z.enum(TICKET_AUTHORS),
  mediaType: z.string(),
  byteSize: z.number(),
  createdAt: z.string(),
});
export type TicketAttachmentView = z.infer<typeof ticketAttachmentView>;

/** Images one ticket may hold, from both sides together. */
export const MAX_TICKET_ATTACHMENTS = 10;
/** The picker's `accept`: the store also takes PDF, a ticket only images. */
export const TICKET_IMAGE_ACCEPT = 'image/jpeg,image/png,image/heic,.jpg,.jpeg,.png,.heic';
export const TICKET_IMAGE_ONLY =
  'Only an image can be attached: a JPEG, PNG or HEIC photo or screenshot.';
export const TICKET_ATTACHMENTS_FULL = `This ticket has reached ${MAX_TICKET_ATTACHMENTS} images; open a new one`;
export const TICKET_ATTACHMENT_NOT_FOUND = 'No such image';

/** GET ticket/attachment. */
export const ticketAttachmentQuery = z.object({ attachmentId: ticketId });

/** GET ticket/ticket-msg: the ticket and its whole thread, oldest first (at most 100 messages). */
export const ticketThreadData = z.object({
  ticket: ticketView,
  messages: z.array(ticketMessageView),
  /** Images sent by either side, oldest first (shown among the messages by time). */
  attachments: z.array(ticketAttachmentView),
});
export type TicketThread = z.infer<typeof ticketThreadData>;

// ---- operator --------------------------------------------------------------------------------

/** The inbox's orders by last activity: `oldest` puts the ticket waiting longest first. */
export const TICKET_SORTS = ['oldest', 'newest'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

/** `assigned` filters of the inbox: to the operator asking, or to nobody. */
export const TICKET_ASSIGNMENT_FILTERS = ['me', 'none'] as const;
export type TicketAssignmentFilter = (typeof TICKET_ASSIGNMENT_FILTERS)[number];

/**
 * GET operator/tickets: filter by status; `sort` by last activity. Without `sort`, open tickets
 * come oldest first (longest waiting, the order to answer them in), the others newest first.
 */
export const operatorTicketQuery = pageQuery.extend({
  status: statusFilter,
  sort: z.enum(TICKET_SORTS, { error: 'sort must be oldest or newest' }).optional(),
  /** `me`: assigned to the operator asking; `none`: assigned to nobody. */
  assigned: z.enum(TICKET_ASSIGNMENT_FILTERS, { error: 'assigned must be me or none' }).optional(),
});
export type OperatorTicketQuery = z.input<typeof operatorTicketQuery>;

/** An operator a ticket can be assigned to, as the console names them. */
export const ticketAssignee = z.object({ id: z.string(), email: z.string() });
export type TicketAssignee = z.infer<typeof ticketAssignee>;

export const operatorTicketView = ticketView.extend({
  member: z.object({ id: z.string(), name: z.string(), referralCode: z.string() }),
  /** Who has taken the ticket on; null while nobody has. Members never see it. */
  assignee: ticketAssignee.nullable(),
});
export type OperatorTicketView = z.infer<typeof operatorTicketView>;
export const operatorTicketPageData = pageOf(operatorTicketView);

/** An operator sees which operator wrote each answer. */
export const operatorTicketMessageView = ticketMessageView.extend({
  operatorEmail: z.string().nullable(),
});
/** An internal note on a ticket: operators only, never in a member's answer or mail. */
export const ticketNoteView = z.object({
  id: z.string(),
  text: z.string(),
  operatorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type TicketNoteView = z.infer<typeof ticketNoteView>;

export const operatorTicketThreadData = z.object({
  ticket: operatorTicketView,
  messages: z.array(operatorTicketMessageView),
  attachments: z.array(ticketAttachmentView),
  /** Support's internal notes, oldest first (the console shows them among the messages). */
  notes: z.array(ticketNoteView),
});
export type OperatorTicketThread = z.infer<typeof operatorTicketThreadData>;

/** POST operator/tickets/{id}/answer. */
export const answerTicketBody = z.object({ message: ticketMessage });
export type AnswerTicketBody = z.input<typeof answerTicketBody>;

// ---- the support desk (decision 0056) --------------------------------------------------------

export const ticketDeskLabels = {
  title: 'Title',
  text: 'Text',
  note: 'Note',
  operatorId: 'Operator',
} as const;

export const TICKET_NOTE_MAX = 2000;
/** Notes one ticket may hold: the thread returns them whole, so they stay bounded. */
export const MAX_TICKET_NOTES = 100;
export const CANNED_REPLY_TITLE_MAX = 80;
/** Canned replies kept at once: the answer box lists them all, so the list stays one screen. */
export const MAX_CANNED_REPLIES = 200;

export const TICKET_NOTES_FULL = `This ticket has reached ${MAX_TICKET_NOTES} notes`;
export const TICKET_CLOSED_FOR_ASSIGNMENT = 'This ticket is closed; it cannot be assigned';
export const TICKET_ALREADY_ASSIGNED = 'The ticket is already assigned to this operator';
export const TICKET_NOT_ASSIGNED = 'The ticket is not assigned to anyone';
export const ASSIGNEE_NOT_ALLOWED = 'Operator must be an active operator who answers tickets';
export const CANNED_REPLY_NOT_FOUND = 'No such canned reply';
export const CANNED_REPLY_TITLE_TAKEN = 'Another canned reply already has this title';
export const CANNED_REPLIES_FULL = `There are already ${MAX_CANNED_REPLIES} canned replies; remove one first`;
export const CANNED_REPLY_UNCHANGED = 'Nothing to change: the title and text are as saved';

/** POST operator/tickets/{id}/notes. */
export const ticketNoteBody = z.object({
  text: requiredText(ticketDeskLabels.note, TICKET_NOTE_MAX, 1, { multiline: true }),
});
export type TicketNoteBody = z.input<typeof ticketNoteBody>;

/** POST operator/tickets/{id}/assign: an operator's id, or null to unassign. */
export const assignTicketBody = z.object({
  operatorId: z
    .uuid({
      error: (issue) =>
        issue.input === undefined
          ? requiredMessage(ticketDeskLabels.operatorId)
          : patternMessage(ticketDeskLabels.operatorId),
    })
    .nullable(),
});
export type AssignTicketBody = z.input<typeof assignTicketBody>;
export const ticketAssignmentData = z.object({ assignee: ticketAssignee.nullable() });

/** GET operator/tickets/assignees: the active operators who answer tickets, by email. */
export const ticketAssigneesData = z.object({ operators: z.array(ticketAssignee) });
export type TicketAssignees = z.infer<typeof ticketAssigneesData>;

/** POST operator/tickets/canned-replies and PATCH …/{id}: a saved answer's title and text. */
export const cannedReplyBody = z.object({
  title: requiredText(ticketDeskLabels.title, CANNED_REPLY_TITLE_MAX),
  text: requiredText(ticketDeskLabels.text, TICKET_MESSAGE_MAX, 1, { multiline: true }),
});
export type CannedReplyBody = z.input<typeof cannedReplyBody>;

export const cannedReplyView = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  updatedAt: z.string(),
  /** Who wrote or last changed it. */
  updatedByEmail: z.string().nullable(),
});
export type CannedReplyView = z.infer<typeof cannedReplyView>;

/** GET operator/tickets/canned-replies: all of them, by title. */
export const cannedRepliesData = z.object({ replies: z.array(cannedReplyView) });
export type CannedReplies = z.infer<typeof cannedRepliesData>;

// ---- operator notifications ------------------------------------------------------------------

export const operatorNotificationView = z.object({
  id: z.string(),
  message: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type OperatorNotificationView = z.infer<typeof operatorNotificationView>;

/** GET operator/notifications: the role's feed, newest first, and how much of it is unread. */
export const operatorNotificationPageData = pageOf(operatorNotificationView).extend({
  unread: z.number(),
});
export type OperatorNotificationPage = z.infer<typeof operatorNotificationPageData>;

/** POST operator/notifications/read: everything up to `lastReadId` is read now. */
export const operatorNotificationsReadData = z.object({
  lastReadId: z.string().nullable(),
  unread: z.number(),
});
