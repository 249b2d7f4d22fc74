import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bothComputedStyles } from '../support/indexed-computed-style';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';

// components-setup.ts swaps jsdom's cascade for one that looks rules up by class, id and tag; role queries and
// visibility checks must see exactly what jsdom would have computed, or the swap would change what tests check.
describe('the indexed computed style of the component tests', () => {
  // Runs jsdom's slow cascade for each of the page's elements on purpose.
  it("gives jsdom's own computed style for every element of an open dialog and a fifth of the page behind it", { timeout: 30_000 }, async () => {
    const view = renderApp({ backend: signedInBackend({ resources: { keypair: { getList: () => [makeKeypair({ name: 'taken' })] } } }), path: '/project/key_pairs' });
    await screen.findByRole('link', { name: 'taken' }, { timeout: 10_000 }); // the page is a lazy route: its first import
    await view.user.click(screen.getByRole('button', { name: 'Create Key Pair' }));
    await screen.findByRole('dialog', { name: 'Create Key Pair' });
    // Hidden, visually hidden and styled-by-state elements, with the attributes and media rules MUI writes.
    const all = [...document.querySelectorAll('*')];
    expect(all.length).toBeGreaterThan(300);
    // Every element of the dialog, and every fifth of the page behind it: jsdom's own cascade takes a second or more
    // an element on a busy machine, and the page's rows, buttons and headers repeat the same rules.
    const dialog = screen.getByRole('dialog', { name: 'Create Key Pair' });
    const elements = all.filter((element, index) => dialog.contains(element) || index % 5 === 0);
    const { jsdom, indexed } = bothComputedStyles(elements);
    const differing = elements.flatMap((element, i) => (jsdom[i] === indexed[i] ? [] : [{ element: element.outerHTML.slice(0, 120), jsdom: jsdom[i], indexed: indexed[i] }]));
    expect(differing).toEqual([]);
  });

  it('handles selectors the index cannot key (lists, :not, attributes, escapes, combinators) as jsdom does', () => {
    const style = document.createElement('style');
    style.textContent = [
      '.a, #b { visibility: hidden }',
      'div:not(.c) > span.d { color: red }',
      '[data-x="1"] { pointer-events: none }',
      '.e\\:f { display: none }',
      'UL LI.g { display: none }',
      '@media screen { .h + .i { visibility: hidden } }',
      '@media print { .j { display: none } }',
      '* > .k ~ p { color: blue }',
    ].join('\n');
    document.head.appendChild(style);
    document.body.innerHTML = `<div class="a"><span class="d">1</span></div><p id="b" data-x="1">2</p><span class="e:f">3</span>
      <ul><li class="G g">4</li></ul><b class="h"></b><i class="i"></i><u class="j"></u><div><em class="k"></em><p>5</p></div>`;
    try {
      const elements = [...document.body.querySelectorAll('*')];
      const { jsdom, indexed } = bothComputedStyles(elements);
      expect(indexed).toEqual(jsdom);
      expect(new Set(jsdom).size).toBeGreaterThan(3); // the rules did apply
      expect(getComputedStyle(document.querySelector('.i')!).visibility).toBe('hidden');
      expect(getComputedStyle(document.querySelector('.j')!).display).not.toBe('none');
    } finally {
      style.remove();
      document.body.innerHTML = '';
    }
  });
});
