import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { bothControls } from '../support/indexed-label-control';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

const { implForWrapper } = createRequire(createRequire(import.meta.url).resolve('jsdom'))('./jsdom/living/generated/utils.js');

// components-setup.ts finds a `for` label's control through the document's id map; accessible names (and so every
// role query by name) must see exactly the control jsdom's own walk finds.
describe("the indexed label control of the component tests", () => {
  it("gives jsdom's own control for every label of an open form", { timeout: 30_000 }, async () => {
    const view = renderApp({ backend: signedInBackend({ resources: { keypair: { getList: () => [] } } }), path: '/project/key_pairs' });
    await view.user.click(await screen.findByRole('button', { name: 'Create Key Pair' }, { timeout: 10_000 }));
    await screen.findByRole('dialog', { name: 'Create Key Pair' });
    const labels = [...document.querySelectorAll('label')];
    expect(labels.length).toBeGreaterThan(0);
    const pairs = labels.map((label) => bothControls(label, implForWrapper));
    expect(pairs.map(({ indexed }) => indexed)).toEqual(pairs.map(({ jsdom }) => jsdom));
    expect(pairs.some(({ jsdom }) => jsdom !== null)).toBe(true);
    expect(screen.getByRole('textbox', { name: /Key Pair Name/ })).toBeTruthy(); // named through its label
  });

  it('handles duplicate ids, non-labelable targets, empty and dangling `for`, wrapping labels and detached trees as jsdom does', () => {
    document.body.innerHTML = `
      <label for="dup">first</label><div><span id="dup"></span></div><input id="dup">
      <label for="plain">plain</label><input id="plain">
      <label for="">empty</label><label for="nowhere">dangling</label>
      <label>wrapping <select><option>a</option></select></label>
      <label for="div-target">div</label><div id="div-target"></div>`;
    // An element with the id inserted before the first one in tree order: the map holds it after.
    const earlier = document.createElement('textarea');
    earlier.id = 'plain';
    document.body.prepend(earlier);
    const detached = document.createElement('div');
    detached.innerHTML = '<label for="plain">detached</label><input id="plain">';
    try {
      const labels = [...document.querySelectorAll('label'), ...detached.querySelectorAll('label')];
      const pairs = labels.map((label) => bothControls(label, implForWrapper));
      expect(pairs.map(({ indexed }) => indexed)).toEqual(pairs.map(({ jsdom }) => jsdom));
      expect(labels[0].control).toBeNull(); // the first #dup is a span
      expect(labels[1].control).toBe(earlier);
      expect(labels.at(-1)!.control).toBe(detached.querySelector('input'));
    } finally {
      document.body.innerHTML = '';
    }
  });
});
