import { sessionTitle, type DeviceKind, type MemberSessionView } from '@app/contracts';
import ComputerRounded from '@mui/icons-material/ComputerRounded';
import DevicesOtherRounded from '@mui/icons-material/DevicesOtherRounded';
import PhoneIphoneRounded from '@mui/icons-material/PhoneIphoneRounded';
import TabletMacRounded from '@mui/icons-material/TabletMacRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState, type ReactNode } from 'react';
import { formatDateTime } from '../lib/format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const icons: Record<DeviceKind, ReactNode> = {
  computer: <ComputerRounded />,
  phone: <PhoneIphoneRounded />,
  tablet: <TabletMacRounded />,
  other: <DevicesOtherRounded />,
};

/** How a session is named to a screen reader and in its dialog: "Chrome 131 on Windows 10, 203.0.113.7". */
const spokenName = (session: MemberSessionView) =>
  session.ip ? `${sessionTitle(session)}, ${session.ip}` : sessionTitle(session);

type Props = {
  sessions: MemberSessionView[];
  /** What the list is, for its accessible name. */
  label: string;
  /**
   * Ends one session after a second look; `done` closes the dialog. Without it (a role that
   * may only read) no session has an End button; the one asking never has one.
   */
  onEnd?: (session: MemberSessionView, done: () => void) => void;
  isEnding?: boolean;
  /** What ending does, in the dialog: who is signed out and what the member is told. */
  endDescription?: string;
};

/**
 * Signed-in browsers (the member's own on the profile, a member's in the console): the browser
 * and system, the device and address, when it was last active and signed in, "This device" on
 * the one asking, and End on the others. A row wraps its button under the words on a phone.
 */
export function SessionList({ sessions, label, onEnd, isEnding = false, endDescription }: Props) {
  const [ending, setEnding] = useState<MemberSessionView | null>(null);
  const close = () => setEnding(null);
  return (
    <>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sessions.map((session, index) => (
          <Fragment key={session.id}>
            {index > 0 && <Divider component="li" aria-hidden />}
            <SessionRow
              session={session}
              action={
                onEnd &&
                !session.current && (
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    aria-label={`End session: ${spokenName(session)}`}
                    onClick={() => setEnding(session)}
                    sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
                  >
                    End
                  </Button>
                )
              }
            />
          </Fragment>
        ))}
      </Box>
      {onEnd && (
        <ConfirmDialog
          isOpen={ending !== null}
          title="End this session?"
          description={
            ending && (
              <>
                <strong>{spokenName(ending)}</strong> will be signed out at once. {endDescription}
              </>
            )
          }
          confirmLabel="End session"
          tone="error"
          isPending={isEnding}
          onConfirm={() => ending && onEnd(ending, close)}
          onClose={close}
        />
      )}
    </>
  );
}

function SessionRow({ session, action }: { session: MemberSessionView; action: ReactNode }) {
  const title = sessionTitle(session);
  const place = [session.device !== title ? session.device : null, session.ip ?? 'Unknown address']
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      aria-label={spokenName(session)}
      sx={{ py: 1.5, alignItems: 'flex-start' }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 1.5,
          bgcolor: session.current ? 'primary.main' : 'action.hover',
          color: session.current ? 'primary.contrastText' : 'text.secondary',
        }}
      >
        {icons[session.deviceKind]}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ flex: 1, minWidth: 0, alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
            {session.current && (
              <Chip size="small" color="primary" variant="outlined" label="This device" />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {place}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {/* A narrow screen breaks the line between the two times, not inside one. */}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {session.current
                ? 'Active now'
                : `Last active ${formatDateTime(session.lastActiveAt)}`}
            </Box>
            {' · '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {`Signed in ${formatDateTime(session.createdAt)}`}
            </Box>
          </Typography>
        </Box>
        {action}
      </Stack>
    </Stack>
  );
}
