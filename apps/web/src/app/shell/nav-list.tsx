import LogoutRounded from '@mui/icons-material/LogoutRounded';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Chip from '@mui/material/Chip';
import type SvgIcon from '@mui/material/SvgIcon';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, lazy } from 'react';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';

// The colour scheme's switch (decision 0057), after the first paint: the menu is on the first
// screen of a desktop, and nobody changes the scheme before it has drawn.
const ColourModeSwitch = lazy(() =>
  import('../../features/appearance/components/colour-mode-switch.tsx').then((module) => ({
    default: module.ColourModeSwitch,
  })),
);
const SWITCH_HEIGHT = 40;

export type NavListItem = {
  key: string;
  path: string;
  label: string;
  icon: typeof SvgIcon;
  /** Work waiting behind the entry (the console's queues): shown and named when above 0. */
  waiting?: number | null | undefined;
};
export type NavListGroup = { title: string | null; items: NavListItem[] };

type Props = {
  groups: NavListGroup[];
  onNavigate?: () => void;
  onSignOut: () => void;
  isSigningOut: boolean;
  /** Whether a menu path also covers the screens below it (e.g. a list and its details). */
  matchesNested?: (path: string) => boolean;
};

/** A grouped menu of screens, then Sign out: the member app's and the console's. */
export function NavList({ groups, onNavigate, onSignOut, isSigningOut, matchesNested }: Props) {
  const { pathname } = useLocation();
  return (
    <List component="div" dense sx={{ px: 1, pb: 2 }}>
      {groups.map((group) => (
        <Fragment key={group.title ?? 'main'}>
          {group.title && (
            <ListSubheader component="div" disableSticky>
              {group.title}
            </ListSubheader>
          )}
          {group.items.map(({ key, path, label, icon: Icon, waiting }) => {
            const end = !matchesNested?.(path);
            const isCurrent = matchPath({ path, end }, pathname) !== null;
            const hasWaiting = typeof waiting === 'number' && waiting > 0;
            return (
              <ListItemButton
                key={key}
                component={RouterLink}
                to={path}
                selected={isCurrent}
                aria-current={isCurrent ? 'page' : undefined}
                aria-label={hasWaiting ? `${label}, ${waiting} waiting` : undefined}
                onClick={onNavigate}
                // 48 px: a finger's target on a phone, and the same rhythm on a desktop.
                sx={{ borderRadius: 2, mb: 0.25, minHeight: 48 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={label} />
                {/* A space between the label and the count, as it reads: "Deposits 1", which the
                    name "Deposits, 1 waiting" starts with (WCAG 2.5.3, label in name). */}
                {hasWaiting && (
                  <>
                    {' '}
                    <Chip
                      size="small"
                      color="warning"
                      label={waiting > 99 ? '99+' : waiting}
                      aria-hidden
                      sx={{ ml: 1, height: 20, fontWeight: 700 }}
                    />
                  </>
                )}
              </ListItemButton>
            );
          })}
        </Fragment>
      ))}
      <Divider sx={{ my: 1 }} />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 0.5 }}
      >
        <Typography variant="body2" color="text.secondary">
          Theme
        </Typography>
        <AfterFirstPaint fallback={<Box sx={{ height: SWITCH_HEIGHT }} />}>
          <ColourModeSwitch compact />
        </AfterFirstPaint>
      </Stack>
      <ListItemButton
        onClick={onSignOut}
        disabled={isSigningOut}
        sx={{ borderRadius: 2, color: 'error.main' }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        <ListItemText primary="Sign out" />
      </ListItemButton>
    </List>
  );
}
