import CloseRounded from '@mui/icons-material/CloseRounded';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, type ReactNode } from 'react';

type Props = {
  filters: ReactNode;
  list: ReactNode;
  /** The open item's detail, or null. */
  detail: ReactNode;
  /** The detail's heading, e.g. "Deposit". */
  detailTitle: string;
  /** What shows beside the list at ≥1200 px when nothing is open. */
  placeholder: ReactNode;
  onCloseDetail: () => void;
};

/**
 * A queue and the item being worked: side by side from 1200 px, the detail below the list on a
 * tablet (scrolled into view when opened), a full-screen dialog on a phone.
 */
export function QueueLayout({
  filters,
  list,
  detail,
  detailTitle,
  placeholder,
  onCloseDetail,
}: Props) {
  const { breakpoints } = useTheme();
  const isWide = useMediaQuery(breakpoints.up('lg'));
  const isPhone = useMediaQuery(breakpoints.down('sm'));
  const below = useRef<HTMLDivElement>(null);
  const isOpen = detail !== null;

  useEffect(() => {
    if (isOpen && !isWide && !isPhone) below.current?.scrollIntoView({ block: 'start' });
  }, [isOpen, isWide, isPhone, detail]);

  const heading = (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <Typography variant="h6" component="h2">
        {detailTitle}
      </Typography>
      <IconButton aria-label={`Close ${detailTitle.toLowerCase()}`} onClick={onCloseDetail}>
        <CloseRounded />
      </IconButton>
    </Stack>
  );

  if (isWide)
    return (
      <Stack spacing={2}>
        {filters}
        <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Grid size={7}>{list}</Grid>
          <Grid size={5}>
            {isOpen ? (
              <Paper
                variant="outlined"
                sx={{ p: 2.5 }}
                component="section"
                aria-label={detailTitle}
              >
                {heading}
                {detail}
              </Paper>
            ) : (
              <Paper variant="outlined">{placeholder}</Paper>
            )}
          </Grid>
        </Grid>
      </Stack>
    );

  if (isPhone)
    return (
      <Stack spacing={2}>
        {filters}
        {list}
        <Dialog
          fullScreen
          open={isOpen}
          onClose={onCloseDetail}
          aria-labelledby="money-detail-title"
        >
          <DialogTitle
            id="money-detail-title"
            sx={{ display: 'flex', alignItems: 'center', pr: 1 }}
          >
            <span style={{ flexGrow: 1 }}>{detailTitle}</span>
            <IconButton aria-label={`Close ${detailTitle.toLowerCase()}`} onClick={onCloseDetail}>
              <CloseRounded />
            </IconButton>
          </DialogTitle>
          <DialogContent>{detail}</DialogContent>
        </Dialog>
      </Stack>
    );

  return (
    <Stack spacing={2}>
      {filters}
      {list}
      {isOpen && (
        <Paper
          ref={below}
          variant="outlined"
          sx={{ p: 2.5, scrollMarginTop: 80 }}
          component="section"
          aria-label={detailTitle}
        >
          {heading}
          {detail}
        </Paper>
      )}
    </Stack>
  );
}
