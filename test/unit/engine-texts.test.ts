import { describe, expect, it } from 'vitest';
import { deleteTexts, formatMessage } from '../../src/engine/messages';
import { defaultMessage } from '../../src/forms/messages';
import { pageSizeFromCookies } from '../../src/table/page-size';

const keyPair = { singular: 'Key Pair', plural: 'Key Pairs' };

describe('delete texts (spec 2 §8)', () => {
  it('for one key pair', () => {
    expect(deleteTexts(keyPair, ['k1'])).toEqual({
      title: 'Confirm Delete Key Pair',
      message: 'You have selected "k1". Deleted Key Pair is not recoverable.',
      submit: 'Delete Key Pair',
      success: 'Deleted Key Pair: k1.',
      error: 'Unable to delete Key Pair: k1.',
    });
  });

  it("for two key pairs: Horizon's plural forms throughout", () => {
    expect(deleteTexts(keyPair, ['k1', 'k2'])).toEqual({
      title: 'Confirm Delete Key Pairs',
      message: 'You have selected "k1", "k2". Deleted Key Pairs are not recoverable.',
      submit: 'Delete Key Pairs',
      success: 'Deleted Key Pairs: k1, k2.',
      error: 'Unable to delete Key Pairs: k1, k2.',
    });
  });
});

describe('messages', () => {
  it('fills {field} placeholders and leaves unknown ones', () => {
    expect(formatMessage('Key pair {name} was successfully created.', { name: 'k1' })).toBe('Key pair k1 was successfully created.');
    expect(formatMessage('{missing}', {})).toBe('{missing}');
  });

  it('words schema errors as spec 1 §5 does', () => {
    const context = { title: 'Key Pair Name', value: 'abc', params: { limit: 2 } };
    expect(defaultMessage('pattern', context)).toBe('Key Pair Name is formatted incorrectly');
    expect(defaultMessage('required', context)).toBe('Key Pair Name is a required field');
    expect(defaultMessage('maxLength', context)).toBe('Key Pair Name is too long (3 characters), maximum 2');
    expect(defaultMessage('somethingElse', context)).toBe('The data in this field is invalid');
  });

  it('takes the page size from API_RESULT_PAGE_SIZE, 20 otherwise (spec 1 §9)', () => {
    expect(pageSizeFromCookies('API_RESULT_PAGE_SIZE=50')).toBe(50);
    expect(pageSizeFromCookies('API_RESULT_PAGE_SIZE=abc')).toBe(20);
    expect(pageSizeFromCookies('')).toBe(20);
  });
});
