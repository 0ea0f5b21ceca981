import { within } from '@testing-library/react';

/**
 * The value a DetailList shows for a label (the <dd> after its <dt>), with runs of white
 * space, no-break spaces included, read as one space as a reader would.
 */
export function detailValue(container: HTMLElement, label: string | RegExp): string | undefined {
  return within(container)
    .getByText(label, { selector: 'dt' })
    .nextElementSibling?.textContent?.replace(/\s+/g, ' ');
}

/** The text of each body row's cells of a table, header row left out. */
export const tableCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** The text of each item of a list (the cards a list shows on a phone). */
export const listItemTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
