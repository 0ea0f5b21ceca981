import type { PlanVersionView } from '@app/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { readPath, writePath } from '../utils/form-path.ts';
import {
  clearDraft,
  readDraft,
  writeDraft,
  type StoredDraft,
} from '../utils/plan-draft-storage.ts';
import { toPlanForm, type PlanErrors, type PlanForm } from '../utils/plan-form.ts';

/**
 * The plan editor's state: the draft (restored from sessionStorage, else the plan in force),
 * saved on every change, and the server's reasons by field. Changing a field drops its reason,
 * so what is still shown is still to fix.
 */
export function usePlanDraft(inForce: PlanVersionView, operatorId: string) {
  const [draft, setDraft] = useState<StoredDraft>(
    () =>
      readDraft(operatorId) ?? {
        operatorId,
        baseVersion: inForce.version,
        form: toPlanForm(inForce.document),
      },
  );
  const [errors, setErrors] = useState<PlanErrors>({});

  useEffect(() => writeDraft(draft), [draft]);

  const setField = useCallback((path: string, value: unknown) => {
    setDraft((current) => ({ ...current, form: writePath(current.form, path, value) }));
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _fixed, ...rest } = current;
      return rest;
    });
  }, []);

  /** Adds or removes a row of a list (weekly tiers, ranks); the reasons are per row, so they go. */
  const setList = useCallback(<K extends 'weeklyTiers' | 'ranks'>(key: K, rows: PlanForm[K]) => {
    setDraft((current) => ({ ...current, form: { ...current.form, [key]: rows } }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith(key))),
    );
  }, []);

  /** A fresh draft from `plan` (the plan in force, or the version just published). */
  const startFrom = useCallback(
    (plan: PlanVersionView) => {
      clearDraft();
      setDraft({ operatorId, baseVersion: plan.version, form: toPlanForm(plan.document) });
      setErrors({});
    },
    [operatorId],
  );

  const isChanged = useMemo(
    () => JSON.stringify(draft.form) !== JSON.stringify(toPlanForm(inForce.document)),
    [draft.form, inForce],
  );

  const valueOf = useCallback((path: string) => readPath(draft.form, path), [draft.form]);

  return {
    form: draft.form,
    baseVersion: draft.baseVersion,
    errors,
    setErrors,
    setField,
    setList,
    valueOf,
    startFrom,
    isChanged,
  };
}

export type PlanDraft = ReturnType<typeof usePlanDraft>;
