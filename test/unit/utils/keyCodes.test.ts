import { describe, expect, it } from 'vitest';
import { KEY_CODES, keyCodeOf } from '../../../src/utils/keyCodes';

describe('key codes handled', () => {
  it('are 8 backspace, 9 tab, 13 enter, 27 escape, 46 delete', () => {
    expect(KEY_CODES).toEqual({ BACKSPACE: 8, TAB: 9, ENTER: 13, ESCAPE: 27, DELETE: 46 });
  });

  it('are recognised from the key name of an event', () => {
    expect(keyCodeOf({ key: 'Enter' })).toBe(13);
    expect(keyCodeOf({ key: 'Escape' })).toBe(27);
    expect(keyCodeOf({ key: 'Backspace' })).toBe(8);
    expect(keyCodeOf({ key: 'Tab' })).toBe(9);
    expect(keyCodeOf({ key: 'Delete' })).toBe(46);
  });

  it('are recognised from the legacy keyCode', () => {
    expect(keyCodeOf({ keyCode: 27 })).toBe(27);
  });

  it('ignore other keys', () => {
    expect(keyCodeOf({ key: 'a', keyCode: 65 })).toBeUndefined();
  });
});
