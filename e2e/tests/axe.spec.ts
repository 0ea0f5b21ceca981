import { expect, test } from '@playwright/test';
import { axeViolations, seriousViolations } from './axe.ts';

// The accessibility checks of every journey rest on these helpers: they must find what is wrong,
// in the part of the page asked about.

const PAGE_WITH_FAULTS = `<!doctype html><html lang="en"><head><title>Faults</title></head><body>
  <main><h1>Faults</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p class="faint" style="color:#bbb;background:#fff">Hard to read</p>
  </main></body></html>`;

test('axe finds a serious violation, and only inside the part asked about', async ({ page }) => {
  await page.setContent(PAGE_WITH_FAULTS);
  expect(await seriousViolations(page)).toEqual([
    expect.stringMatching(/^color-contrast \(serious\)/),
    expect.stringMatching(/^image-alt \(critical\)/),
  ]);
  const contrast = await axeViolations(page, { within: '.faint', rules: ['color-contrast'] });
  expect(contrast.map((violation) => violation.id)).toEqual(['color-contrast']);
  const elsewhere = await axeViolations(page, { within: 'h1', rules: ['color-contrast'] });
  expect(elsewhere).toEqual([]);
  // A part that is not there is an error, not a check of the whole page.
  await expect(axeViolations(page, { within: '.missing' })).rejects.toThrow(
    'axe: nothing matches .missing',
  );
});

test('axe checks the screen once its transitions have ended', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Fade</title></head><body>
    <main><h1>Fade</h1>
      <button id="fading" style="color:#ddd;background:#fff;transition:color 1.5s steps(1, end)">Run again</button>
    </main></body></html>`);
  // As a loading button turns back into a button: faint grey, then its readable colour (in one
  // step at the end, so the check cannot happen to come late enough without waiting).
  await page.evaluate(`(() => {
    const button = document.getElementById('fading');
    getComputedStyle(button).color;
    button.style.color = '#1a1a1a';
  })()`);
  expect(await seriousViolations(page)).toEqual([]);
});
