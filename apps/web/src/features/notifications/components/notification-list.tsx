import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useNotifications } from '../api/get-notifications.ts';

/** Each notification with its date; unread ones are marked with a dot and bold text. */
export function NotificationList() {
  const { data, isPending, isError, refetch } = useNotifications();
  if (isPending)
    return (
      <Box sx={{ p: 2 }}>
        <SkeletonRows label="Loading notifications" height={56} />
      </Box>
    );
  if (isError) {
    return (
      <Box sx={{ p: 2 }}>
        <QueryError message="Notifications could not be loaded." onRetry={() => void refetch()} />
      </Box>
    );
  }
  if (data.data.length === 0) {
    return (
      <EmptyState
        icon={<NotificationsNoneRounded />}
        title="No notifications yet"
        description="Deposits, withdrawals, income and support replies will be announced here."
      />
    );
  }
  return (
    <List disablePadding>
      {data.data.map((item) => (
        <ListItem key={item.id} divider alignItems="flex-start" sx={{ gap: 1.5, py: 1.5 }}>
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
          <ListItemText
            primary={item.message}
            secondary={<time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>}
            slotProps={{
              primary: { sx: { fontWeight: item.read ? 400 : 600, overflowWrap: 'anywhere' } },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
