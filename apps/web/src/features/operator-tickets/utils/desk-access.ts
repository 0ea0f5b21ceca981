import { can, type OperatorRole } from '@app/contracts';

/** What the operator at the desk may do there, from the one permission map. */
export type DeskAccess = {
  operatorId: string;
  canAnswer: boolean;
  canAssign: boolean;
  canNote: boolean;
  canManageReplies: boolean;
};

export const deskAccessOf = (operator: { id: string; role: OperatorRole }): DeskAccess => ({
  operatorId: operator.id,
  canAnswer: can(operator.role, 'tickets.answer'),
  canAssign: can(operator.role, 'tickets.assign'),
  canNote: can(operator.role, 'tickets.notes'),
  canManageReplies: can(operator.role, 'tickets.canned-replies'),
});
