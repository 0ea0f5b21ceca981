import {
  rejectDepositBody,
  type MemberLedgerLine,
  type OperatorMemberCard,
  type RejectDepositBody,
} from '@app/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { DetailList, type Detail } from '../../../components/detail-list.tsx';
import { QueryStates, type StatesQuery } from '../../../components/query-states.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { MemberContext } from './member-context.tsx';

type StatesProps<T> = {
  query: StatesQuery<T>;
  /** The kind in words, lower case: "deposit". */
  noun: string;
  icon: ReactNode;
  children: (data: T) => ReactNode;
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A money request's detail while it loads, if it fails, and once it is there. */
export function MoneyRequestStates<T>({ query, noun, icon, children }: StatesProps<T>) {
  return (
    <QueryStates
      query={query}
      label={capitalised(noun)}
      errorMessage={`This ${noun} could not be loaded.`}
      empty={{ icon, title: `No such ${noun}`, description: '' }}
      isEmpty={() => false}
    >
      {children}
    </QueryStates>
  );
}

type DialogSlot = { isOpen: boolean; onClose: () => void };

type BodyProps = {
  /** The kind in words, lower case: "deposit". */
  noun: string;
  items: Detail[];
  /** Only a pending request can be settled or rejected. */
  isPending: boolean;
  /** The action that settles it (confirm, pay) and its confirmation; none where it cannot be. */
  settle?: { label: string; dialog: (slot: DialogSlot) => ReactNode } | undefined;
  reject: {
    /** What rejecting does, in words, for the confirmation. */
    description: string;
    isPending: boolean;
    onConfirm: (body: RejectDepositBody) => Promise<unknown>;
  };
  /** A word for the operator under the actions, if the request needs one. */
  note?: ReactNode;
  member: OperatorMemberCard;
  recentLedger: MemberLedgerLine[];
};

/**
 * A loaded money request: its facts, Reject and the settling action while it is pending (each
 * behind a confirmation), then its member and their latest ledger lines.
 */
export function MoneyRequestBody({
  noun,
  items,
  isPending,
  settle,
  reject,
  note,
  member,
  recentLedger,
}: BodyProps) {
  const [action, setAction] = useState<'settle' | 'reject' | null>(null);
  const close = () => setAction(null);

  return (
    <Stack spacing={2.5}>
      <DetailList items={items} />
      {isPending && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="error" onClick={() => setAction('reject')}>
            Reject
          </Button>
          {settle && (
            <Button variant="contained" onClick={() => setAction('settle')}>
              {settle.label}
            </Button>
          )}
        </Stack>
      )}
      {note}
      <MemberContext member={member} recentLedger={recentLedger} />
      {settle?.dialog({ isOpen: action === 'settle', onClose: close })}
      <ActionDialog
        isOpen={action === 'reject'}
        title={`Reject this ${noun}?`}
        description={reject.description}
        confirmLabel={`Reject ${noun}`}
        field={{ name: 'reason', label: 'Reason', multiline: true }}
        schema={rejectDepositBody}
        isPending={reject.isPending}
        onConfirm={reject.onConfirm}
        onClose={close}
      />
    </Stack>
  );
}
