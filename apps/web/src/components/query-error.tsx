import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

type Props = { message: string; onRetry: () => void };

/** Inline failure of a query; the API client has already toasted the reason. */
export function QueryError({ message, onRetry }: Props) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
