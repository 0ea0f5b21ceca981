import { DEFAULT_RISK_NOTICE } from '@app/contracts';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

type Props = {
  /** What becomes of this money, in a sentence or two (contracts: DEPOSIT_FATE, PACKAGE_FATE). */
  fate: string;
  /** The region's name for screen readers. */
  label: string;
};

/** Before money moves: what can be withdrawn and what cannot, and the risk, said plainly. */
export function MoneyFateNotice({ fate, label }: Props) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      icon={<InfoOutlined fontSize="inherit" />}
      role="note"
      aria-label={label}
    >
      <Typography variant="body2">{fate}</Typography>
      <Typography variant="body2" sx={{ mt: 0.75, fontWeight: 500 }}>
        {DEFAULT_RISK_NOTICE}
      </Typography>
    </Alert>
  );
}
