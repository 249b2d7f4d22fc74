import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuotaBar, quotaBarState } from '../../../src/charts/QuotaBar';
import { formatMB } from '../../../src/utils/units';

function bar(container: HTMLElement): HTMLElement {
  return container.querySelector('.quota-bar') as HTMLElement;
}

describe('QuotaBar', () => {
  it('shows the label and "used of limit Used"', () => {
    render(<QuotaBar label="Number of Instances" used={3} limit={10} />);
    expect(screen.getByText('Number of Instances')).toBeTruthy();
    expect(screen.getByText('3 of 10 Used')).toBeTruthy();
  });

  it('has the element id quota_{stat} with a quota limit attribute', () => {
    const { container } = render(<QuotaBar stat="instances" label="Number of Instances" used={3} limit={10} />);
    expect(bar(container).id).toBe('quota_instances');
    expect(bar(container).getAttribute('data-quota-limit')).toBe('10');
    expect(bar(container).getAttribute('data-quota-used')).toBe('3');
  });

  it('is normal at 89 percent', () => {
    const { container } = render(<QuotaBar label="VCPUs" used={89} limit={100} />);
    expect(bar(container).getAttribute('data-level')).toBe('normal');
  });

  it("turns 'warning' above 89 percent", () => {
    const { container } = render(<QuotaBar label="VCPUs" used={90} limit={100} />);
    expect(bar(container).getAttribute('data-level')).toBe('warning');
    expect(bar(container).classList.contains('quota-bar-warning')).toBe(true);
  });

  it("turns 'danger' above 99 percent", () => {
    const { container } = render(<QuotaBar label="VCPUs" used={100} limit={100} />);
    expect(bar(container).getAttribute('data-level')).toBe('danger');
    expect(bar(container).classList.contains('quota-bar-danger')).toBe(true);
  });

  it('counts what the form adds towards the thresholds', () => {
    const { container } = render(<QuotaBar label="Number of Instances" used={9} added={1} limit={10} />);
    expect(bar(container).getAttribute('data-level')).toBe('danger');
  });

  it("shows an unlimited quota as 'Unlimited' and never flags it", () => {
    const { container } = render(<QuotaBar label="Number of Instances" used={500} limit={-1} />);
    expect(screen.getByText('500 of Unlimited Used')).toBeTruthy();
    expect(bar(container).getAttribute('data-level')).toBe('normal');
  });

  it('reads Infinity and null limits as unlimited', () => {
    expect(quotaBarState({ label: 'RAM', used: 1, limit: Infinity }).text).toBe('1 of Unlimited Used');
    expect(quotaBarState({ label: 'RAM', used: 1, limit: null }).unlimited).toBe(true);
  });

  it('formats amounts with a unit filter', () => {
    render(<QuotaBar label="Total RAM" used={4096} limit={51200} format={formatMB} />);
    expect(screen.getByText('4 GB of 50 GB Used')).toBeTruthy();
  });

  it('is a progressbar named by its label that reads out its value', () => {
    render(<QuotaBar label="Number of Instances" used={3} limit={10} />);
    const progress = screen.getByRole('progressbar', { name: 'Number of Instances' });
    expect(progress.getAttribute('aria-valuenow')).toBe('30');
    expect(progress.getAttribute('aria-valuetext')).toBe('3 of 10 Used');
  });

  it('treats a quota of 0 as full', () => {
    const { container } = render(<QuotaBar label="Key Pairs" used={0} limit={0} />);
    expect(bar(container).getAttribute('data-level')).toBe('danger');
  });
});
