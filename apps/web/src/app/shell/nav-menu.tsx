import LogoutRounded from '@mui/icons-material/LogoutRounded';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { Fragment } from 'react';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { useSignOut } from '../../features/auth/api/logout.ts';
import { navGroups } from './nav-items.ts';

type Props = { onNavigate?: () => void };

/** Every screen of the shell, grouped, then Sign out. Shared by the sidebar and the drawer. */
export function NavMenu({ onNavigate }: Props) {
  const { pathname } = useLocation();
  const signOut = useSignOut();

  return (
    <List component="div" dense sx={{ px: 1, pb: 2 }}>
      {navGroups.map((group) => (
        <Fragment key={group.title ?? 'main'}>
          {group.title && (
            <ListSubheader component="div" disableSticky>
              {group.title}
            </ListSubheader>
          )}
          {group.items.map(({ key, path, label, icon: Icon }) => {
            const isCurrent = matchPath({ path, end: true }, pathname) !== null;
            return (
              <ListItemButton
                key={key}
                component={RouterLink}
                to={path}
                selected={isCurrent}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ borderRadius: 2, mb: 0.25 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={label} />
              </ListItemButton>
            );
          })}
        </Fragment>
      ))}
      <Divider sx={{ my: 1 }} />
      <ListItemButton
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
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
