// Read by screen readers, not shown: a card's figure says what it is ("Net paid $99.00"), a
// chart's values stand in a table beside it. (In px: MUI reads a width of 1 as 100 %.)
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
