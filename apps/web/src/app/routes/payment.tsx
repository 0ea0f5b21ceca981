import { useParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { findPaymentScreen } from '../screens.ts';

/** Where the payment gateway returns the member: /payment/success, /payment/failed... */
export default function PaymentRoute() {
  const screen = findPaymentScreen(useParams().status ?? '');
  return screen ? <ComingSoon title={screen.title} summary={screen.summary} /> : <NotFound />;
}
