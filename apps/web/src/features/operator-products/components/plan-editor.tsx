import type { PlanPreviewData, PlanVersionView } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { usePreviewPlan, usePublishPlan } from '../api/plan.ts';
import { usePlanDraft } from '../hooks/use-plan-draft.ts';
import { toPlanDraft, toPlanErrors } from '../utils/plan-form.ts';
import { GeneralFields, LevelFields, RankFields, TierFields } from './plan-editor-sections.tsx';
import { PlanPreviewResult } from './plan-preview-result.tsx';

/**
 * The admin's draft of the next plan version, kept in the browser (decision 0028). Preview
 * asks the server to validate it and compute its effect; its reasons land on their fields.
 * Publish appends it as version N+1 after a confirmation.
 */
export function PlanEditor({
  inForce,
  operatorId,
}: {
  inForce: PlanVersionView;
  /** The draft in sessionStorage is this operator's only. */
  operatorId: string;
}) {
  const draft = usePlanDraft(inForce, operatorId);
  const previewing = usePreviewPlan();
  const publishing = usePublishPlan();
  const [preview, setPreview] = useState<{ of: string; data: PlanPreviewData } | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const sent = JSON.stringify(toPlanDraft(draft.form));
  const isPreviewCurrent = preview?.of === sent;
  const problems = Object.keys(draft.errors).length;
  const nextVersion = inForce.version + 1;
  const editor = useRef<HTMLDivElement>(null);

  // A refusal brings the first field it names to the middle of the screen (clear of the sticky
  // actions below) and into focus, so the reason is read where it is fixed.
  useEffect(() => {
    if (problems === 0) return;
    const first = editor.current?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], [data-list-error]',
    );
    first?.scrollIntoView({ block: 'center' });
    if (first instanceof HTMLInputElement) first.focus({ preventScroll: true });
  }, [draft.errors, problems]);

  /** A refusal that names fields goes to them; anything else is toasted. */
  const showRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.validation.length > 0) {
      draft.setErrors(toPlanErrors(error.validation));
      setPreview(null);
    } else notifyError(error instanceof Error ? error.message : String(error));
  };

  const runPreview = () =>
    previewing.mutate(JSON.parse(sent), {
      onSuccess: (data) => {
        draft.setErrors({});
        setPreview({ of: sent, data });
      },
      onError: showRefusal,
    });

  const publish = () =>
    publishing.mutate(JSON.parse(sent), {
      onSuccess: ({ data, message }) => {
        notifySuccess(message);
        draft.startFrom(data);
        setPreview(null);
        setConfirming(false);
      },
      onError: (error) => {
        setConfirming(false);
        if (error instanceof ApiError && error.validation.length > 0)
          draft.setErrors(toPlanErrors(error.validation));
      },
    });

  return (
    <Stack spacing={2} ref={editor}>
      {draft.baseVersion !== inForce.version && (
        <Alert severity="warning" variant="outlined">
          This draft was started from version {draft.baseVersion}; version {inForce.version} has
          been published since. Publishing replaces it with this draft as a whole.
        </Alert>
      )}
      {problems > 0 && (
        <Alert severity="error" role="alert">
          The draft has {problems === 1 ? 'a problem' : `${problems} problems`}; each is shown at
          its field.
        </Alert>
      )}
      <GeneralFields draft={draft} />
      <LevelFields draft={draft} />
      <TierFields draft={draft} />
      <RankFields draft={draft} />
      {preview && isPreviewCurrent && <PlanPreviewResult preview={preview.data} />}
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 1.5, sm: 2 },
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          justifyContent: 'flex-end',
        }}
      >
        <Button
          onClick={() => draft.startFrom(inForce)}
          disabled={!draft.isChanged && draft.baseVersion === inForce.version}
          sx={{ mr: { sm: 'auto' }, flex: { xs: 1, sm: 'none' } }}
        >
          Discard draft
        </Button>
        <Button
          variant="outlined"
          onClick={runPreview}
          loading={previewing.isPending}
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          Preview
        </Button>
        {/* On a phone the three do not fit one row: Publish takes the second, whole. */}
        <Button
          variant="contained"
          onClick={() => setConfirming(true)}
          disabled={!draft.isChanged}
          sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
        >
          Publish as version {nextVersion}
        </Button>
      </Paper>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`Publish as version ${nextVersion}?`}
        description={
          isPreviewCurrent
            ? `The plan changes from the next event for every member; what was paid under version ${inForce.version} stays as paid. Versions are never edited: a later change is another version.`
            : `This draft has not been previewed as it is now. The plan changes from the next event for every member; what was paid stays as paid.`
        }
        confirmLabel={`Publish version ${nextVersion}`}
        isPending={publishing.isPending}
        onConfirm={publish}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
