import type { MemberView, NotificationPage, NotificationView, Page } from '@app/contracts';

// Test records shaped by the contracts; each test overrides what it is about.
export function buildMember(overrides: Partial<MemberView> = {}): MemberView {
  return {
    id: 'member-1',
    name: 'Asha Verma',
    email: 'asha@example.com',
    mobile: '+919876543210',
    referral_code: 'ABCD2345',
    sponsor: { name: 'Ravi Kumar', referral_code: 'SPXN5678' },
    verified: true,
    createdAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function buildNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 'notification-1',
    createdAt: '2025-03-01T09:30:00.000Z',
    message: 'Your deposit of $100 was confirmed',
    read: false,
    ...overrides,
  };
}

export const pageOfItems = <T>(items: T[]): Page<T> => ({
  data: items,
  page: 1,
  pageSize: 20,
  total: items.length,
});

export const notificationPage = (items: NotificationView[]): NotificationPage => ({
  ...pageOfItems(items),
  unread: items.filter((item) => !item.read).length,
});
