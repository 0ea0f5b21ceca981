import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  label: string;
  onChange: (page: number) => void;
};

/** Page links under a list, shown only when the list runs past one page. */
export function Pager({ page, pageSize, total, label, onChange }: Props) {
  const count = Math.ceil(total / pageSize);
  if (count <= 1) return null;
  return (
    <Stack sx={{ alignItems: 'center', pt: 1 }}>
      <Pagination
        count={count}
        page={Math.min(page, count)}
        onChange={(_, next) => onChange(next)}
        color="primary"
        shape="rounded"
        siblingCount={0}
        aria-label={label}
      />
    </Stack>
  );
}
