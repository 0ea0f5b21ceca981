import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden.ts';

/** A chart's figures as rows of text, for readers who cannot see the chart. */
export type ChartValues = { columns: string[]; rows: string[][] };

type Props = {
  /** The caption: the chart's accessible name. */
  title: string;
  /** What the chart says, in a sentence everyone reads. */
  summary: ReactNode;
  values: ChartValues;
  /** The chart's fixed height (legend included), so nothing moves when it arrives. */
  height: number;
  /** The chart itself, sized by its box (its library loads with the screen that draws it). */
  children: ReactNode;
};

/**
 * A chart with its accessible name (the caption), a summary line and its values in a table
 * that only screen readers read. The chart goes inside a box of fixed height.
 */
export function ChartFigure({ title, summary, values, height, children }: Props) {
  const captionId = useId();
  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={captionId}
      sx={{ m: 0, p: 2, height: '100%', minWidth: 0 }}
    >
      <Typography
        id={captionId}
        component="figcaption"
        variant="subtitle1"
        sx={{ fontWeight: 700 }}
      >
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {summary}
      </Typography>
      <Box sx={{ height, minWidth: 0 }}>{children}</Box>
      {/* In a hidden box, not a hidden table: a table keeps the width of its content whatever
          its own width says, and widened the phone's page. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{`${title}: the values`}</caption>
          <thead>
            <tr>
              {values.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {values.rows.map((row, rowIndex) => (
              // Rows are drawn once per answer and never reordered: their place is their key.
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  <td key={values.columns[index]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Paper>
  );
}
