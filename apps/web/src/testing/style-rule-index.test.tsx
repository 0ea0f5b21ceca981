import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asDesktop, resetScreen } from './media.ts';
import { renderApp, signInAs } from './render.tsx';
import { declarationsOf } from './style-rule-index.ts';

/** Every element of the page whose indexed declaration differs from jsdom's own. */
function differences(): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const { jsdom, indexed } = declarationsOf(element);
    if (indexed.cssText !== jsdom.cssText) {
      found.push(`${element.outerHTML.slice(0, 80)}: ${indexed.cssText} ≠ ${jsdom.cssText}`);
    }
  }
  return found;
}

describe('the style rules looked up by class, id and tag', () => {
  it('give every element of a signed-in screen the declaration jsdom gives it', async () => {
    asDesktop();
    signInAs();
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 });
    expect(document.styleSheets.length).toBeGreaterThan(100);
    expect(differences()).toEqual([]);
    resetScreen();
  });

  it('agree with jsdom on selector lists, combinators, pseudo-classes, media and escapes', () => {
    const style = document.createElement('style');
    style.textContent = `
      .a, #b { color: red }
      div > .c:not(.d) { display: none }
      .e .f.g { visibility: hidden }
      [data-x="a.b#c"] { pointer-events: none }
      :where(.h) .i::before { color: blue }
      *:where(.j) { color: green }
      SPAN.k { display: block }
      @media screen { .l { display: inline } }
      @media print { .l { display: none } }
      .m\\:n { color: purple }
      .o { color: red } .o { color: unset }
      #p.q span { display: flex }
    `;
    document.head.append(style);
    document.body.innerHTML = `
      <div class="e"><span id="b" class="a f g k">x</span><div class="c">y</div><div class="c d">z</div></div>
      <p data-x="a.b#c" class="j h"><i class="i l m:n o">w</i></p>
      <section id="p" class="q"><span>v</span></section>`;
    expect(differences()).toEqual([]);
    expect(getComputedStyle(document.querySelector('.c')!).display).toBe('none');
    expect(getComputedStyle(document.querySelector('.l')!).display).toBe('inline');
    style.remove();
  });
});
