import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format.ts';

export type ThreadMessage = { id: string; message: string; createdAt: string };

type Props<M extends ThreadMessage> = {
  messages: M[];
  /** The reader's own side: right-aligned and tinted. */
  isOwn: (message: M) => boolean;
  /** Who wrote it, in the reader's words ("You", "Support", the member's name). */
  authorOf: (message: M) => string;
  /**
   * Support's internal notes among the messages (the console only): across the thread, dashed
   * and tinted apart, so nobody takes one for something the member was sent.
   */
  isNote?: (message: M) => boolean;
  /** What a message shows instead of its text (an image); nothing for a text message. */
  contentOf?: (message: M) => ReactNode;
};

/**
 * A conversation, oldest first (a support ticket's thread, seen by the member or by support).
 * Whatever was typed is shown as text (React escapes it; nothing is parsed as HTML), with its
 * line breaks; the reader's own messages on the right, the other side's on the left.
 */
export function MessageThread<M extends ThreadMessage>({
  messages,
  isOwn,
  authorOf,
  isNote,
  contentOf,
}: Props<M>) {
  return (
    <Stack spacing={1.5} role="list" aria-label="Messages">
      {messages.map((message) => {
        if (isNote?.(message))
          return <NoteItem key={message.id} message={message} author={authorOf(message)} />;
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
                mine ? theme.alpha(theme.vars.palette.primary.main, 0.08) : 'background.paper',
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
            {contentOf?.(message) ?? (
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.message}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** An internal note: the width of the thread, a dashed warning-coloured edge, its own label. */
function NoteItem({ message, author }: { message: ThreadMessage; author: string }) {
  const when = formatDateTime(message.createdAt);
  return (
    <Box
      role="listitem"
      aria-label={`Internal note by ${author}, ${when}`}
      sx={{
        px: 2,
        py: 1.5,
        borderRadius: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'warning.main',
        bgcolor: (theme) => theme.alpha(theme.vars.palette.warning.main, 0.08),
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        <LockRounded sx={{ fontSize: 14, verticalAlign: 'text-bottom', mr: 0.5 }} />
        <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
          Internal note
        </Box>{' '}
        · not shown to the member ·{' '}
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {author}
        </Box>{' '}
        · {when}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.message}
      </Typography>
    </Box>
  );
}
