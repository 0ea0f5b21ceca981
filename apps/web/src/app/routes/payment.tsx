import { useParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PaymentOutcome } from '../../features/deposits/components/payment-outcome.tsx';
import { isPaymentStatus } from '../../features/deposits/utils/payment-outcomes.ts';
import { findPaymentScreen } from '../screens.ts';

/** Where the payment gateway returns the member: /payment/success, /payment/failed... */
export default function PaymentRoute() {
  const status = useParams().status ?? '';
  const screen = findPaymentScreen(status);
  if (!screen || !isPaymentStatus(status)) return <NotFound />;
  return (
    <>
      <PageHeader title={screen.title} subtitle={screen.summary} />
      <PaymentOutcome status={status} />
    </>
  );
}
