import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  askFor,
  verificationFieldLabels,
  type MemberVerificationData,
  type VerificationFieldKey,
} from '@app/contracts';
import { validationReason } from '../../../lib/validation-reason.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useSubmitVerification } from '../api/verification.ts';
import { COUNTRY_OPTIONS } from '../../../lib/countries.ts';
import { DocumentUpload } from './document-upload.tsx';

const DATE_FIELDS = new Set<VerificationFieldKey>(['dateOfBirth', 'documentExpiry']);

function CountrySelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helperText?: string;
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={Boolean(props.error)}
      helperText={props.error ?? props.helperText}
      slotProps={{ select: { native: true } }}
      fullWidth
    >
      <option value="">Choose a country</option>
      {COUNTRY_OPTIONS.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </TextField>
  );
}

/**
 * The submission: the country first (it decides what is asked), then the details and the
 * documents the current requirements ask of it. Every refusal the server names is shown on its
 * field or document.
 */
export function VerificationForm({ data }: { data: MemberVerificationData }) {
  const submit = useSubmitVerification();
  const [country, setCountry] = useState(data.country ?? '');
  const [fields, setFields] = useState<Partial<Record<VerificationFieldKey, string>>>(data.fields);
  const ask = country ? askFor(data.requirements.requirements, country) : null;
  const error = (field: string) => validationReason(submit.error, field);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const asked = Object.fromEntries(
      (ask?.fields ?? []).map((key) => [key, fields[key]?.trim() || undefined]),
    );
    submit.mutate(
      { country, fields: asked },
      { onSuccess: ({ message }) => notifySuccess(message) },
    );
  };

  const setField = (key: VerificationFieldKey) => (value: string) =>
    setFields((before) => ({ ...before, [key]: value }));

  return (
    <Stack component="form" noValidate spacing={3} aria-label="Verification" onSubmit={onSubmit}>
      <CountrySelect
        label="Country of your document"
        value={country}
        onChange={setCountry}
        error={error('country')}
        helperText="What we ask for depends on the country that issued your identity document."
      />
      {ask && ask.fields.length > 0 && (
        <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            Your details, as on the document
          </Typography>
          {ask.fields.map((key) =>
            key === 'nationality' ? (
              <CountrySelect
                key={key}
                label={verificationFieldLabels[key]}
                value={fields[key] ?? ''}
                onChange={setField(key)}
                error={error(`fields.${key}`)}
              />
            ) : (
              <TextField
                key={key}
                label={verificationFieldLabels[key]}
                value={fields[key] ?? ''}
                onChange={(event) => setField(key)(event.target.value)}
                type={DATE_FIELDS.has(key) ? 'date' : 'text'}
                multiline={key === 'address'}
                minRows={key === 'address' ? 2 : undefined}
                autoComplete={
                  key === 'legalName' ? 'name' : key === 'address' ? 'street-address' : 'off'
                }
                error={Boolean(error(`fields.${key}`))}
                helperText={error(`fields.${key}`)}
                slotProps={DATE_FIELDS.has(key) ? { inputLabel: { shrink: true } } : undefined}
                fullWidth
              />
            ),
          )}
        </Stack>
      )}
      {ask && (
        <Stack spacing={2}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Documents
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A photo or a PDF scan each: JPEG, PNG, HEIC or PDF, up to 10 MB. Photos are stored
            without their location and camera data.
          </Typography>
          {ask.documents.map((kind) => {
            const draft = data.drafts.find((document) => document.kind === kind);
            const kept = data.kept.find((document) => document.kind === kind);
            const current = draft
              ? { document: draft, kept: false }
              : kept
                ? { document: kept, kept: true }
                : null;
            return (
              <DocumentUpload
                key={kind}
                kind={kind}
                current={current}
                requested={data.requestedDocument?.kind === kind}
                error={error(`documents.${kind}`)}
              />
            );
          })}
        </Stack>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={submit.isPending}
        disabled={!country}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        Submit for review
      </Button>
    </Stack>
  );
}
