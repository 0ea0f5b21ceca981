import Typography from '@mui/material/Typography';

/** A list's member: the name, and the Registered ID below it in small print. */
export function MemberCell({ name, registeredId }: { name: string; registeredId: string }) {
  return (
    <>
      {name}
      <Typography variant="caption" color="text.secondary" component="div">
        {registeredId}
      </Typography>
    </>
  );
}
