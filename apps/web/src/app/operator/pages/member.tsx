import { useParams } from 'react-router';
import { useCurrentOperator } from '../../../features/operator-auth/api/operator-auth.ts';
import { MemberPage } from '../member/member-page.tsx';

export default function ConsoleMemberRoute() {
  const operator = useCurrentOperator();
  const memberId = useParams().id ?? '';
  // RequireOperator has made sure of the session; the key starts each member afresh.
  return operator && <MemberPage key={memberId} memberId={memberId} role={operator.role} />;
}
