import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { NotificationView } from '@app/contracts';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { NotificationKindIcon } from './notification-kind-icon.tsx';

type Props = {
  item: NotificationView;
  /** Called when the member opens the item: it is then read, and a link closes the drawer. */
  onOpen: (item: NotificationView) => void;
};

/**
 * One notification: its kind's icon, the message as text, when, and an unread dot. An item with
 * a link is a link to that screen; any other unread item is a button that marks it read.
 */
export function NotificationItem({ item, onOpen }: Props) {
  const content = (
    <>
      <NotificationKindIcon kind={item.kind} />
      <ListItemText
        primary={item.message}
        secondary={<time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>}
        slotProps={{
          primary: { sx: { fontWeight: item.read ? 400 : 600, overflowWrap: 'anywhere' } },
        }}
        sx={{ my: 0 }}
      />
      <Box
        aria-label={item.read ? undefined : 'Unread'}
        role={item.read ? undefined : 'img'}
        sx={{
          mt: 1,
          width: 8,
          height: 8,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: item.read ? 'transparent' : 'primary.main',
        }}
      />
    </>
  );
  const layout = { gap: 1.5, py: 1.5, alignItems: 'flex-start' } as const;
  if (!item.link && item.read)
    return (
      <ListItem divider sx={layout}>
        {content}
      </ListItem>
    );
  return (
    <ListItem divider disablePadding>
      {item.link ? (
        <ListItemButton
          component={RouterLink}
          to={item.link}
          onClick={() => onOpen(item)}
          sx={layout}
        >
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton onClick={() => onOpen(item)} sx={layout}>
          {content}
        </ListItemButton>
      )}
    </ListItem>
  );
}
