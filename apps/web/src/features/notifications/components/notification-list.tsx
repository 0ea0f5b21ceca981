import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import type { NotificationView } from '@app/contracts';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { useNotificationPage, useNotifications } from '../api/get-notifications.ts';
import { NotificationItem } from './notification-item.tsx';

type OpenItem = (item: NotificationView) => void;

const Loading = () => (
  <Box sx={{ p: 2 }}>
    <SkeletonRows label="Loading notifications" height={56} />
  </Box>
);

const LoadError = ({ onRetry }: { onRetry: () => void }) => (
  <Box sx={{ p: 2 }}>
    <QueryError message="Notifications could not be loaded." onRetry={onRetry} />
  </Box>
);

/** A page after the first, asked for when the member wants older notifications. */
function OlderPage({ page, onOpen }: { page: number; onOpen: OpenItem }) {
  const { data, isPending, isError, refetch } = useNotificationPage(page);
  if (isPending) return <Loading />;
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  return data.data.map((item) => <NotificationItem key={item.id} item={item} onOpen={onOpen} />);
}

/** The newest notifications, then older ones a page at a time. */
export function NotificationList({ onOpen }: { onOpen: OpenItem }) {
  const { data, isPending, isError, refetch } = useNotifications();
  const [pages, setPages] = useState(1);
  if (isPending) return <Loading />;
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (data.data.length === 0) {
    return (
      <EmptyState
        icon={<NotificationsNoneRounded />}
        title="No notifications yet"
        description="Deposits, withdrawals, income and support replies will be announced here."
      />
    );
  }
  const hasOlder = pages * data.pageSize < data.total;
  return (
    <>
      <List disablePadding>
        {data.data.map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={onOpen} />
        ))}
        {Array.from({ length: pages - 1 }, (_, index) => (
          <OlderPage key={index + 2} page={index + 2} onOpen={onOpen} />
        ))}
      </List>
      {hasOlder && (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => setPages(pages + 1)}>
            Show older notifications
          </Button>
        </Box>
      )}
    </>
  );
}
