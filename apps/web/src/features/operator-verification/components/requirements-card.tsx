import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  VERIFICATION_DOCUMENT_KINDS,
  VERIFICATION_FIELD_KEYS,
  verificationDocumentLabels,
  verificationFieldLabels,
  type VerificationAsk,
  type VerificationRequirements,
  type VerificationRequirementsData,
} from '@app/contracts';
import { QueryError } from '../../../components/query-error.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublishRequirements, useRequirements } from '../api/verification-settings.ts';

/**
 * What verification asks for, by country (admin): the default, and rules for the countries
 * that need something else. Publishing makes a new version; submissions already made keep the
 * version they answered.
 */
export function RequirementsCard() {
  const requirements = useRequirements();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="verification-requirements-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mt: 3 }}
    >
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography
            id="verification-requirements-title"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700 }}
          >
            Verification requirements
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {requirements.data
              ? `Version ${requirements.data.version}${requirements.data.publishedAt ? `, published ${formatDateTime(requirements.data.publishedAt)}` : ' (the built-in default)'}. `
              : ''}
            New submissions follow the latest version; approved members stay approved.
          </Typography>
        </Stack>
        {requirements.isPending && <SkeletonRows rows={4} label="Loading the requirements" />}
        {requirements.isError && (
          <QueryError
            message="The requirements could not be loaded."
            onRetry={() => void requirements.refetch()}
          />
        )}
        {requirements.data && (
          <RequirementsForm key={requirements.data.version} current={requirements.data} />
        )}
      </Stack>
    </Paper>
  );
}

type Rule = VerificationAsk & { countries: string };

function AskFields({
  legend,
  ask,
  onChange,
  errorOf,
}: {
  legend: string;
  ask: VerificationAsk;
  onChange: (ask: VerificationAsk) => void;
  errorOf: (field: 'documents' | 'fields') => string | undefined;
}) {
  const toggle = <K extends string>(list: readonly K[], value: K) =>
    list.includes(value) ? list.filter((each) => each !== value) : [...list, value];
  return (
    <Stack spacing={1}>
      <FormLabel component="legend" sx={{ fontWeight: 600 }}>
        {legend}
      </FormLabel>
      <FormGroup row aria-label={`${legend}: documents`}>
        {VERIFICATION_DOCUMENT_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            label={verificationDocumentLabels[kind].label}
            control={
              <Checkbox
                checked={ask.documents.includes(kind)}
                onChange={() => onChange({ ...ask, documents: toggle(ask.documents, kind) })}
              />
            }
          />
        ))}
      </FormGroup>
      {errorOf('documents') && <FormHelperText error>{errorOf('documents')}</FormHelperText>}
      <FormGroup row aria-label={`${legend}: details`}>
        {VERIFICATION_FIELD_KEYS.map((key) => (
          <FormControlLabel
            key={key}
            label={verificationFieldLabels[key]}
            control={
              <Checkbox
                checked={ask.fields.includes(key)}
                onChange={() => onChange({ ...ask, fields: toggle(ask.fields, key) })}
              />
            }
          />
        ))}
      </FormGroup>
      {errorOf('fields') && <FormHelperText error>{errorOf('fields')}</FormHelperText>}
    </Stack>
  );
}

function RequirementsForm({ current }: { current: VerificationRequirementsData }) {
  const publish = usePublishRequirements();
  const [fallback, setFallback] = useState<VerificationAsk>(current.requirements.default);
  const [rules, setRules] = useState<Rule[]>(
    current.requirements.countries.map((rule) => ({
      ...rule,
      countries: rule.countries.join(', '),
    })),
  );
  const reasons = publish.error instanceof ApiError ? publish.error.validation : [];
  const errorAt = (path: string) => reasons.find((result) => result.field.startsWith(path))?.reason;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: VerificationRequirements = {
      default: fallback,
      countries: rules.map((rule) => ({
        documents: rule.documents,
        fields: rule.fields,
        countries: rule.countries
          .split(/[\s,]+/)
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      })),
    };
    publish.mutate(body, { onSuccess: ({ message }) => notifySuccess(message) });
  };

  const setRule = (index: number, rule: Rule) =>
    setRules((before) => before.map((each, at) => (at === index ? rule : each)));

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-label="Verification requirements"
      onSubmit={onSubmit}
    >
      <AskFields
        legend="Every country by default"
        ask={fallback}
        onChange={setFallback}
        errorOf={(field) => errorAt(`default.${field}`)}
      />
      {rules.map((rule, index) => (
        <Stack key={index} spacing={1.5} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Countries (ISO codes, e.g. DE, FR)"
              value={rule.countries}
              onChange={(event) => setRule(index, { ...rule, countries: event.target.value })}
              error={Boolean(errorAt(`countries.${index}.countries`))}
              helperText={errorAt(`countries.${index}.countries`)}
              fullWidth
            />
            <IconButton
              aria-label={`Remove the rule for ${rule.countries || 'these countries'}`}
              onClick={() => setRules((before) => before.filter((_, at) => at !== index))}
            >
              <DeleteOutlineRounded />
            </IconButton>
          </Stack>
          <AskFields
            legend={`Rule ${index + 1}`}
            ask={rule}
            onChange={(ask) => setRule(index, { ...rule, ...ask })}
            errorOf={(field) => errorAt(`countries.${index}.${field}`)}
          />
        </Stack>
      ))}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<AddRounded />}
          onClick={() =>
            setRules((before) => [
              ...before,
              { countries: '', documents: [...fallback.documents], fields: [...fallback.fields] },
            ])
          }
        >
          Add a country rule
        </Button>
        <Button type="submit" variant="contained" loading={publish.isPending}>
          Publish version {current.version + 1}
        </Button>
      </Stack>
    </Stack>
  );
}
