import { ticketAttachmentView } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useRefreshTickets } from '../hooks/use-refresh-tickets.ts';

/** POST ticket/attachment?ticketId= with the image as the raw body. */
export function useAttachImage(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (file: File) =>
      apiClient.post('ticket/attachment', file, {
        schema: ticketAttachmentView,
        query: { ticketId },
      }),
    onSettled: refresh,
  });
}

/** GET ticket/attachment?attachmentId=: the image's bytes, with the member's session. */
export const loadTicketImage = (attachmentId: string) =>
  apiClient.download('ticket/attachment', { accept: 'image/*', query: { attachmentId } });
