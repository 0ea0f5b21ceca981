import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Brand } from '../../components/brand.tsx';
import { paths } from '../../config/paths.ts';
import { BalanceFigures } from '../../features/wallet/components/balance-figures.tsx';
import {
  CARD_AMOUNT_STYLE,
  CARD_DECIMALS,
  WALLET_CARDS,
} from '../../features/wallet/components/wallet-cards.tsx';
import { WalletSummaryFigures } from '../../features/wallet/components/wallet-summary-figures.tsx';
import { WALLET_BALANCE_REQUEST } from '../first-screen.ts';
import { earlyFigure } from '../../lib/early-figures.ts';
import {
  BOTTOM_TABS_HEIGHT,
  BottomBar,
  ShellFrame,
  SIDEBAR_WIDTH,
  SideNavColumn,
  SUPPORT_BUTTON_ROOM,
} from './shell-frame.tsx';
import { TopBar } from './top-bar.tsx';

// Text skeletons inside the typography they stand for take its line height, so each
// placeholder is as tall as what replaces it.

/** The sidebar's panel (≥1200 px only, by CSS): the brand and lines for the menu. */
function SideNavSkeleton() {
  return (
    <SideNavColumn>
      <Box
        sx={{
          display: { xs: 'none', lg: 'block' },
          position: 'fixed',
          insetBlock: 0,
          left: 0,
          width: SIDEBAR_WIDTH,
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          zIndex: (theme) => theme.zIndex.drawer,
        }}
      >
        <Toolbar sx={{ px: 2 }}>
          <Brand size={30} />
        </Toolbar>
        <WalletSummaryFigures isLoading />
        {/* At the menu's pitch: dense entries of 36 px and 2 px apart. */}
        <Stack spacing={2.25} sx={{ px: 3, py: 2 }}>
          {Array.from({ length: 14 }, (_, index) => (
            <Stack key={index} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Skeleton variant="circular" width={20} height={20} />
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                <Skeleton width={`${55 + ((index * 23) % 35)}%`} />
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Box>
    </SideNavColumn>
  );
}

type Wallet = (typeof WALLET_CARDS)[number];

/**
 * A card as the screens draw theirs (an outlined paper): a heading with its icon, a figure,
 * then lines of text or a row of buttons (as tall as a wallet card's). On the dashboard, a
 * `wallet`'s title and balance are written in by the early script once its answer is in, in the
 * wallet card's own type (lib/early-figures.ts): the member's money shows before the app.
 */
function CardSkeleton({
  lines = 0,
  buttons = 0,
  wallet,
}: {
  lines?: number;
  buttons?: number;
  wallet?: Wallet;
}) {
  const shown = { request: WALLET_BALANCE_REQUEST, path: paths.dashboard };
  return (
    <Paper variant="outlined" sx={{ p: 2.5, height: '100%' }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Skeleton variant="rounded" width={40} height={40} />
          <Typography
            variant="subtitle1"
            sx={{ flexGrow: 1, fontWeight: 600 }}
            {...(wallet && earlyFigure({ ...shown, text: wallet.title }))}
          >
            <Skeleton width="40%" />
          </Typography>
        </Stack>
        <Typography
          variant="h4"
          noWrap
          sx={CARD_AMOUNT_STYLE}
          {...(wallet && earlyFigure({ ...shown, field: wallet.field, decimals: CARD_DECIMALS }))}
        >
          <Skeleton width="50%" />
        </Typography>
        {Array.from({ length: lines }, (_, index) => (
          <Typography key={index} variant="body2">
            <Skeleton width={index % 2 ? '60%' : '85%'} />
          </Typography>
        ))}
        {buttons > 0 && (
          <Stack direction="row" spacing={1} sx={{ pt: 0.5 }}>
            {Array.from({ length: buttons }, (_, index) => (
              <Skeleton key={index} variant="rounded" width={84} height={31} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The screen's place: its heading, then cards as the dashboard's. */
function ScreenSkeleton() {
  return (
    <Box role="status" aria-label="Loading" aria-busy="true">
      <Stack spacing={0.5} sx={{ mb: 3 }}>
        <Typography variant="h5">
          <Skeleton width={180} />
        </Typography>
        <Typography>
          <Skeleton width={240} sx={{ maxWidth: '70%' }} />
        </Typography>
      </Stack>
      <Stack spacing={3}>
        {/* Laid out as the wallet cards' grid, by CSS: no Grid component for a placeholder. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2 }}>
          <CardSkeleton buttons={2} wallet={WALLET_CARDS[0]} />
          <CardSkeleton buttons={1} wallet={WALLET_CARDS[1]} />
        </Box>
        <CardSkeleton lines={2} />
      </Stack>
    </Box>
  );
}

/** The bottom tabs' bar (<600 px only, by CSS) with four tabs' placeholders. */
function BottomTabsSkeleton() {
  return (
    <BottomBar>
      <Stack
        direction="row"
        sx={{ height: BOTTOM_TABS_HEIGHT, justifyContent: 'center', pr: SUPPORT_BUTTON_ROOM }}
      >
        {[1, 2, 3, 4].map((tab) => (
          <Stack
            key={tab}
            spacing={0.5}
            sx={{ flex: 1, maxWidth: 168, alignItems: 'center', justifyContent: 'center' }}
          >
            <Skeleton variant="circular" width={24} height={24} />
            <Skeleton width={44} height={14} />
          </Stack>
        ))}
      </Stack>
    </BottomBar>
  );
}

/**
 * The signed-in frame before its data or code: the top bar with the brand and the balances'
 * skeletons, the sidebar (≥1200 px) or the bottom tabs (<600 px), and skeleton cards where the
 * screen goes, laid out by ShellFrame like the shell itself and responsive by CSS only. The
 * build prerenders it into the page of every signed-in path, so the browser paints it before
 * any script arrives; the app keeps it on screen until it has the screen's code
 * (firstScreenReady) rather than drawing a fallback of its own, and never hydrates it: the
 * app's first screen replaces it whole.
 */
export function ShellSkeleton() {
  return (
    <ShellFrame
      hasSupportButton
      topBar={
        <TopBar>
          <BalanceFigures isLoading />
          <IconButton color="inherit" aria-label="Notifications">
            <NotificationsRounded />
          </IconButton>
        </TopBar>
      }
      nav={<SideNavSkeleton />}
      overlays={<BottomTabsSkeleton />}
    >
      <ScreenSkeleton />
    </ShellFrame>
  );
}
