import {
  cannedRepliesData,
  cannedReplyView,
  ticketAssigneesData,
  ticketAssignmentData,
  ticketAttachmentView,
  ticketNoteView,
  type CannedReplyBody,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorApi } from '../../../lib/operator-client.ts';
import { inboxKeys } from './query-keys.ts';

// Support's desk beside the answer (decision 0056): who a ticket is assigned to, internal notes
// and the canned replies.

const ticketPath = (id: string, what: string) => `tickets/${encodeURIComponent(id)}/${what}`;
const REPLIES = 'tickets/canned-replies';
const replyPath = (id: string) => `${REPLIES}/${encodeURIComponent(id)}`;

/** A change, after which (settled or not) what it touched is read again. */
function useDeskMutation<V, R>(send: (variables: V) => Promise<R>, touched: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: touched }),
  });
}

/** GET operator/tickets/assignees: the operators a ticket can be assigned to. */
export const useAssignees = (isEnabled: boolean) =>
  useQuery({
    queryKey: inboxKeys.assignees,
    queryFn: ({ signal }) =>
      operatorApi
        .get('tickets/assignees', { schema: ticketAssigneesData, signal })
        .then(({ data }) => data.operators),
    enabled: isEnabled,
  });

/** POST operator/tickets/{id}/assign: to an operator, or to nobody with null. */
export const useAssignTicket = (ticketId: string) =>
  useDeskMutation(
    (operatorId: string | null) =>
      operatorApi.post(
        ticketPath(ticketId, 'assign'),
        { operatorId },
        { schema: ticketAssignmentData },
      ),
    inboxKeys.all,
  );

/** POST operator/tickets/{id}/notes: an internal note, which the member never sees. */
export const useAddTicketNote = (ticketId: string) =>
  useDeskMutation(
    (text: string) =>
      operatorApi.post(ticketPath(ticketId, 'notes'), { text }, { schema: ticketNoteView }),
    inboxKeys.thread(ticketId),
  );

/** GET operator/tickets/canned-replies: every saved answer, by title. */
export const useCannedReplies = (isEnabled = true) =>
  useQuery({
    queryKey: inboxKeys.cannedReplies,
    queryFn: ({ signal }) =>
      operatorApi
        .get(REPLIES, { schema: cannedRepliesData, signal })
        .then(({ data }) => data.replies),
    enabled: isEnabled,
  });

/** POST a new canned reply, or PATCH one when `id` is given. */
export const useSaveCannedReply = () =>
  useDeskMutation(
    ({ id, ...body }: CannedReplyBody & { id?: string | undefined }) =>
      id
        ? operatorApi.patch(replyPath(id), body, { schema: cannedReplyView })
        : operatorApi.post(REPLIES, body, { schema: cannedReplyView }),
    inboxKeys.cannedReplies,
  );

export const useDeleteCannedReply = () =>
  useDeskMutation(
    (id: string) => operatorApi.delete(replyPath(id), { schema: z.null() }),
    inboxKeys.cannedReplies,
  );

/** POST operator/tickets/{id}/attachments with the image as the raw body. */
export const useAttachTicketImage = (ticketId: string) =>
  useDeskMutation(
    (file: File) =>
      operatorApi.post(ticketPath(ticketId, 'attachments'), file, {
        schema: ticketAttachmentView,
      }),
    inboxKeys.thread(ticketId),
  );

/** GET operator/tickets/attachments/{id}: an image's bytes, with the operator's session. */
export const loadTicketImage = (attachmentId: string) =>
  operatorApi.download(`tickets/attachments/${encodeURIComponent(attachmentId)}`, {
    accept: 'image/*',
  });
