import type { DepositProvider } from '@app/contracts';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { providerDescription, providerLabels } from '../utils/deposit-labels.ts';

type Props = {
  providers: DepositProvider[];
  /** The manual transfer's network (TRC-20), when manual deposits are open. */
  network: string | undefined;
  value: DepositProvider;
  onChange: (provider: DepositProvider) => void;
  /** The server's refusal of the provider, if any. */
  error?: string | undefined;
};

function ProviderText({
  provider,
  network,
}: {
  provider: DepositProvider;
  network: string | undefined;
}) {
  return (
    <Stack sx={{ py: 0.5 }}>
      <Typography sx={{ fontWeight: 600 }}>{providerLabels[provider]}</Typography>
      <Typography variant="body2" color="text.secondary">
        {providerDescription(provider, network)}
      </Typography>
    </Stack>
  );
}

/** How to pay: a choice only when the server offers more than one way. */
export function ProviderChoice({ providers, network, value, onChange, error }: Props) {
  const [only] = providers;
  if (providers.length === 1 && only) {
    return (
      <Paper variant="outlined" sx={{ px: 2, py: 1 }} aria-label="How you pay">
        <ProviderText provider={only} network={network} />
      </Paper>
    );
  }
  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        How you pay
      </FormLabel>
      <RadioGroup
        name="provider"
        value={value}
        onChange={(event) => onChange(event.target.value as DepositProvider)}
        sx={{ gap: 1 }}
      >
        {providers.map((provider) => (
          <Paper key={provider} variant="outlined" sx={{ px: 2, py: 0.5 }}>
            <FormControlLabel
              value={provider}
              control={<Radio />}
              label={<ProviderText provider={provider} network={network} />}
              sx={{
                m: 0,
                width: '100%',
                alignItems: 'flex-start',
                '& .MuiRadio-root': { mt: 0.5 },
              }}
            />
          </Paper>
        ))}
      </RadioGroup>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
