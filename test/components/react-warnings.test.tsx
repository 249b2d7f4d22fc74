import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// components-setup.ts holds React's owner-stack counter at its limit to save the cost of a stack per element:
// React's warnings must still reach console.error (which fails a component test), with the component stack.
describe("React's development warnings in component tests", () => {
  it('still reports a list without keys on console.error, naming the component', () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {}); // taken over here, so this test's own warning passes
    function Unkeyed() {
      return (
        <ul>
          {/* no key: the warning under test */}
          {['a', 'b'].map((letter) => (
            <li>{letter}</li>
          ))}
        </ul>
      );
    }
    render(<Unkeyed />);
    const text = reported.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
    expect(text).toContain('unique "key" prop');
    expect(text).toContain('Unkeyed');
  });
});
