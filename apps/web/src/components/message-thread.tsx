import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../lib/format.ts';

export type ThreadMessage = { id: string; message: string; createdAt: string };

type Props<M extends ThreadMessage> = {
  messages: M[];
  /** The reader's own side: right-aligned and tinted. */
  isOwn: (message: M) => boolean;
  /** Who wrote it, in the reader's words ("You", "Support", the member's name). */
  authorOf: (message: M) => string;
};

/**
 * A conversation, oldest first (a support ticket's thread, seen by the member or by support).
 * Whatever was typed is shown as text (React escapes it; nothing is parsed as HTML), with its
 * line breaks; the reader's own messages on the right, the other side's on the left.
 */
export function MessageThread<M extends ThreadMessage>({ messages, isOwn, authorOf }: Props<M>) {
  return (
    <Stack spacing={1.5} role="list" aria-label="Messages">
      {messages.map((message) => {
        const mine = isOwn(message);
        const author = authorOf(message);
        return (
          <Box
            key={message.id}
            role="listitem"
            aria-label={`${author}, ${formatDateTime(message.createdAt)}`}
            sx={{
              alignSelf: mine ? 'flex-end' : 'flex-start',
              maxWidth: { xs: '92%', sm: '85%' },
              px: 2,
              py: 1.5,
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: (theme) =>
                mine ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper,
            }}
          >
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              <Box
                component="span"
                sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}
              >
                {author}
              </Box>{' '}
              · {formatDateTime(message.createdAt)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.message}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}
