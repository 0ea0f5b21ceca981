import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { PagedStates, type PagedStatesProps } from './paged-states.tsx';
import { RecordCards } from './record-cards.tsx';
import { RecordTable } from './record-table.tsx';

/** Where a column shows on a phone's card; a column without one is left off the card. */
export type CardPlace = 'title' | 'amount' | 'detail';

export type RecordColumn<R> = {
  /** The table's column header; also the label of the value on a card. */
  header: string;
  cell: (record: R) => ReactNode;
  /** Figures align right, so their digits line up. */
  align?: 'left' | 'right';
  /** `title`: the card's heading (top left); `amount`: its figure (top right, bold in the table too); `detail`: a labelled line. */
  card?: CardPlace;
  /** Dates and short codes read better on one line. */
  isNowrap?: boolean;
  /** Secondary text, e.g. when a record was made. */
  isMuted?: boolean;
  /**
   * A secondary column (a package, a plan version) the table shows from 1200 px only, so a
   * tablet's table of many columns fits without scrolling; a phone's card still shows it.
   */
  isWideOnly?: boolean;
};

export type RecordWithId = { id: string };

type Props<R extends RecordWithId> = PagedStatesProps<R> & {
  columns: RecordColumn<R>[];
};

export type RowsProps<R> = {
  records: R[];
  columns: RecordColumn<R>[];
  label: string;
  /** The record to set apart (the rank held now): a selected row, a card with a coloured edge. */
  isCurrent?: (record: R) => boolean;
};

/**
 * Records laid out for the screen: a table from 600 px, a card per record below. For records
 * that come whole rather than in pages (a team's ten levels, the rewards received).
 */
export function RecordRows<R extends RecordWithId>({ columns, ...props }: RowsProps<R>) {
  const { breakpoints } = useTheme();
  const isPhone = useMediaQuery(breakpoints.down('sm'));
  const isWide = useMediaQuery(breakpoints.up('lg'));
  if (isPhone) return <RecordCards columns={columns} {...props} />;
  const shown = isWide ? columns : columns.filter((column) => !column.isWideOnly);
  return <RecordTable columns={shown} {...props} />;
}

/**
 * Every list of records: a table from 600 px, a card per record below (title and amount on
 * top, the other card columns as labelled lines), in the loading, error, empty and paged
 * states of PagedStates. `label` names the table and the card list for screen readers.
 */
export function RecordList<R extends RecordWithId>({ columns, ...states }: Props<R>) {
  return (
    <PagedStates {...states}>
      {(records) => <RecordRows records={records} columns={columns} label={states.label} />}
    </PagedStates>
  );
}
