import { z } from 'zod';

// The mails a member may turn off (decision 0053). Security notices, codes and the welcome mail
// are not in the list: they always go.

export const MEMBER_MAIL_KINDS = [
  'deposit-credited',
  'withdrawal-paid',
  'package-bought',
  'package-ended',
  'income-digest',
] as const;
export type MemberMailKind = (typeof MEMBER_MAIL_KINDS)[number];

/** What the profile's Mails card shows for each kind: its label and what it sends. */
export const memberMailKindLabels: Record<MemberMailKind, { label: string; description: string }> =
  {
    'deposit-credited': {
      label: 'Deposit credited',
      description: 'When a deposit reaches your fund wallet, with its amount.',
    },
    'withdrawal-paid': {
      label: 'Withdrawal paid',
      description: 'When a withdrawal is paid out, with its amount and transaction hash.',
    },
    'package-bought': {
      label: 'Package bought',
      description: 'When you buy a package, with its name and amount.',
    },
    'package-ended': {
      label: 'Package ended',
      description: 'When a package reaches its last day.',
    },
    'income-digest': {
      label: 'Daily income digest',
      description: "Once a day, the previous day's credited income by kind and its total.",
    },
  };

export const mailPreference = z.object({
  kind: z.enum(MEMBER_MAIL_KINDS, { message: 'Unknown mail kind' }),
  enabled: z.boolean(),
});
export type MailPreference = z.infer<typeof mailPreference>;

/** Every kind, in MEMBER_MAIL_KINDS order, on unless the member turned it off. */
export const mailPreferencesData = z.object({ preferences: z.array(mailPreference) });
export type MailPreferencesData = z.infer<typeof mailPreferencesData>;

/** The kinds to change; kinds not named keep their setting. */
export const mailPreferencesBody = z.object({
  preferences: z.array(mailPreference).min(1).max(MEMBER_MAIL_KINDS.length),
});
export type MailPreferencesBody = z.infer<typeof mailPreferencesBody>;
