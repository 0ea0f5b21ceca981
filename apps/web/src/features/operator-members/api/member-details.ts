import {
  memberDetailsData,
  memberNotesData,
  type MemberDetailsBody,
  type MemberNoteBody,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorApi } from '../../../lib/operator-client.ts';
import { memberKeys } from './query-keys.ts';

const memberPath = (id: string, what: string) => `members/${encodeURIComponent(id)}/${what}`;

/** PATCH operator/members/:id/details with the reason the audit log keeps. */
export function useEditMemberDetails(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberDetailsBody) =>
      operatorApi.patch(memberPath(id, 'details'), body, { schema: memberDetailsData }),
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** GET operator/members/:id/notes: operators' notes on the member, newest first. */
export const useMemberNotes = (id: string) =>
  useQuery({
    queryKey: memberKeys.notes(id),
    queryFn: ({ signal }) =>
      operatorApi
        .get(memberPath(id, 'notes'), { schema: memberNotesData, signal })
        .then(({ data }) => data.notes),
  });

/** POST operator/members/:id/notes: a note added, never changed afterwards. */
export function useAddMemberNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberNoteBody) =>
      operatorApi.post(memberPath(id, 'notes'), body, { schema: z.null() }),
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.notes(id) }),
  });
}
