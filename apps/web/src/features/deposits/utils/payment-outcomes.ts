/** Where the payment gateway sends the member back to (/payment/:status). */
export const PAYMENT_STATUSES = ['success', 'pending', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const isPaymentStatus = (value: string): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(value);

export type PaymentOutcome = {
  /** What happened, in a sentence. */
  headline: string;
  /** What it means for the member's money and what to do now. */
  nextSteps: string;
  /** The first action offered: check the deposit, or start a new one. */
  primary: 'history' | 'deposit';
};

export const paymentOutcomes: Record<PaymentStatus, PaymentOutcome> = {
  success: {
    headline: 'Your payment went through',
    nextSteps:
      'The deposit is credited to your fund wallet once the gateway reports it complete, usually within minutes, and you will get a notification. Its status is in your deposit history.',
    primary: 'history',
  },
  pending: {
    headline: 'Your payment is waiting for confirmation',
    nextSteps:
      'The network has not confirmed it yet, or less than the full amount has arrived. Do not pay again: the deposit is credited once it is confirmed, and your deposit history shows where it stands.',
    primary: 'history',
  },
  failed: {
    headline: 'The payment did not go through',
    nextSteps:
      'Nothing was credited to your fund wallet. You can start a new deposit; if money left your wallet, open a support ticket with its transaction hash.',
    primary: 'deposit',
  },
  cancelled: {
    headline: 'You cancelled the payment',
    nextSteps:
      'Nothing was charged and nothing was credited. Start a new deposit whenever you are ready.',
    primary: 'deposit',
  },
};
