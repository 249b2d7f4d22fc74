/**
 * When a plan runs next (spec 3 §3.3, §9.3): daily (type 1) or weekly
 * (type 2, weekday 0-6 from Sunday) at hour:minute of the cloud's time zone.
 */
export interface Schedule {
  type: 1 | 2;
  hour: number;
  minute: number;
  weekday: number;
}

export const DAILY = 1;
export const WEEKLY = 2;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock reading of `at` in `timeZone`. */
export function wallTime(at: number, timeZone: string): WallTime {
  const parts = Object.fromEntries(formatFor(timeZone).formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** The zone's offset from UTC at `at`, in ms (positive east of Greenwich). */
function offsetAt(at: number, timeZone: string): number {
  const wall = wallTime(at, timeZone);
  const seconds = new Date(at).getUTCSeconds();
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, seconds) - (at - (at % 1000));
}

/** The instant at which `timeZone`'s clocks read the given wall time (the later one when a DST shift repeats it). */
function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  let guess = asUtc - offsetAt(asUtc, timeZone);
  guess = asUtc - offsetAt(guess, timeZone);
  return guess;
}

/** The first run strictly after `after` (epoch ms). */
export function nextRun(schedule: Schedule, after: number, timeZone: string): number {
  const today = wallTime(after, timeZone);
  for (let days = 0; days <= 8; days++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    if (schedule.type === WEEKLY && date.getUTCDay() !== schedule.weekday) continue;
    const at = instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), schedule.hour, schedule.minute, timeZone);
    if (at > after) return at;
  }
  throw new Error('no run within eight days: the schedule is invalid');
}

/** Whether `timeZone` is one this runtime knows (an unknown one would make every schedule fail). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
