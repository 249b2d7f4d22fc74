// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTimezoneLoader } from '../../../src/utils/timezones';
import { useTimeZone } from '../../../src/utils/useTimeZone';

afterEach(cleanup);

const zones = { UTC: '+0000', 'Asia/Kolkata': '+0530' };

describe("useTimeZone: the user's time zone", () => {
  it('takes the zone from the django_timezone cookie and its offset from /api/timezones/', async () => {
    const loader = createTimezoneLoader(async () => ({ timezone_dict: zones }));
    const { result } = renderHook(() => useTimeZone({ loader, cookieString: 'django_timezone="Asia/Kolkata"' }));
    expect(result.current.zone).toBe('Asia/Kolkata');
    await waitFor(() => expect(result.current.offset).toBe('+0530'));
  });

  it('defaults to UTC', () => {
    const loader = createTimezoneLoader(async () => ({ timezone_dict: zones }));
    const { result } = renderHook(() => useTimeZone({ loader, cookieString: '' }));
    expect(result.current.name).toBe('UTC');
    expect(result.current.zone).toBe('UTC');
  });

  it('fetches the zone list once for every component', async () => {
    const fetchJson = vi.fn(async () => ({ timezone_dict: zones }));
    const loader = createTimezoneLoader(fetchJson);
    const first = renderHook(() => useTimeZone({ loader, cookieString: '' }));
    const second = renderHook(() => useTimeZone({ loader, cookieString: '' }));
    await waitFor(() => expect(first.result.current.timezones).toEqual(zones));
    await waitFor(() => expect(second.result.current.timezones).toEqual(zones));
    expect(fetchJson).toHaveBeenCalledTimes(1);
  });

  it('still formats in the cookie zone when the list cannot be loaded', async () => {
    const loader = createTimezoneLoader(async () => {
      throw new Error('offline');
    });
    const { result } = renderHook(() => useTimeZone({ loader, cookieString: 'django_timezone=Europe%2FParis' }));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.zone).toBe('Europe/Paris');
  });
});
