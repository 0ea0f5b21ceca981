import CloseRounded from '@mui/icons-material/CloseRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import Badge from '@mui/material/Badge';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { NotificationList } from './notification-list.tsx';

/** The bell of the top bar: unread count on a badge, the list in a drawer on the right. */
export function NotificationsButton() {
  const [isOpen, setIsOpen] = useState(false);
  const { data, refetch } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;

  const open = () => {
    setIsOpen(true);
    void refetch();
  };
  // Marked read on closing, not opening, so the unread dots stay visible while reading.
  const close = () => {
    setIsOpen(false);
    if (unread > 0) markRead.mutate();
  };

  return (
    <>
      <IconButton color="inherit" aria-label="Notifications" onClick={open}>
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsRounded />
        </Badge>
      </IconButton>
      <Drawer
        anchor="right"
        open={isOpen}
        onClose={close}
        slotProps={{
          paper: { sx: { width: { xs: '100%', sm: 380 } }, 'aria-label': 'Notifications' },
        }}
      >
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Notifications
          </Typography>
          <IconButton aria-label="Close notifications" onClick={close}>
            <CloseRounded />
          </IconButton>
        </Stack>
        <NotificationList />
      </Drawer>
    </>
  );
}
