import CloseRounded from '@mui/icons-material/CloseRounded';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NotificationView } from '@app/contracts';
import { useState } from 'react';
import { useNotifications, useRefreshOnNewNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { NotificationList } from './notification-list.tsx';

/**
 * The bell of the top bar: the unread count on a badge, the list in a drawer on the right.
 * Nothing is marked read by merely opening or closing the drawer: opening an item marks it,
 * and "Mark all read" marks the rest, so an unread dot means the member has not looked at it.
 */
export function NotificationsButton() {
  const [isOpen, setIsOpen] = useState(false);
  const { data, refetch } = useNotifications();
  // Mounted with the shell on every signed-in screen: new events refresh what is shown.
  useRefreshOnNewNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;

  const open = () => {
    setIsOpen(true);
    void refetch();
  };
  const openItem = (item: NotificationView) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    if (item.link) setIsOpen(false);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={open}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsRounded />
        </Badge>
      </IconButton>
      <Drawer
        anchor="right"
        open={isOpen}
        onClose={() => setIsOpen(false)}
        slotProps={{
          paper: { sx: { width: { xs: '100%', sm: 400 } }, 'aria-label': 'Notifications' },
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flexGrow: 1 }}>
            Notifications
          </Typography>
          <Button
            size="small"
            startIcon={<DoneAllRounded />}
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({})}
          >
            Mark all read
          </Button>
          <IconButton aria-label="Close notifications" onClick={() => setIsOpen(false)}>
            <CloseRounded />
          </IconButton>
        </Stack>
        <NotificationList onOpen={openItem} />
      </Drawer>
    </>
  );
}
