import Typography from '@mui/material/Typography';

/** A whole address, wrapped anywhere: the member checks every character before money goes there. */
export function AddressText({ address }: { address: string }) {
  return (
    <Typography
      component="span"
      sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 600 }}
    >
      {address}
    </Typography>
  );
}
