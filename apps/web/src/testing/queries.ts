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
