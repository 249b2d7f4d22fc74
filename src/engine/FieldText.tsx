import type { AnyResourceDescriptor } from '../descriptor';
import { fieldSchema, formatValue } from '../schema/fields';
import { formatDate, formatMediumDate, timeSince, type TimeZoneSpec } from '../utils/dates';
import { useTimeZone } from '../utils/useTimeZone';

/**
 * A field's value as text, in tables and on details pages: dates (schema
 * `format: 'date-time'` or `'date'`) in the user's time zone (spec 1 §9,
 * spec 3 §9), everything else as `formatValue` renders it. Never HTML.
 *
 * @example
 * <FieldText descriptor={keypair} field="created_at" value={row.created_at} />
 */
export function FieldText({ descriptor, field, value }: { descriptor: AnyResourceDescriptor; field: string; value: unknown }) {
  const schema = fieldSchema(descriptor, field);
  const format = schema?.format;
  // An age (Horizon's timesince filter) is relative, so no time zone applies.
  if (schema?.['x-display'] === 'timesince' && (typeof value === 'string' || typeof value === 'number')) return timeSince(value) || formatValue(descriptor, field, value);
  if ((format === 'date-time' || format === 'date') && (typeof value === 'string' || typeof value === 'number')) {
    return <DateText descriptor={descriptor} field={field} value={value} format={format} />;
  }
  return formatValue(descriptor, field, value);
}

/** Only date fields subscribe to the zone, so plain cells stay hook-free. */
function DateText({ descriptor, field, value, format }: { descriptor: AnyResourceDescriptor; field: string; value: string | number; format: 'date-time' | 'date' }) {
  const { zone } = useTimeZone();
  return dateText(value, format, zone) || formatValue(descriptor, field, value);
}

/**
 * A timestamp outside a descriptor's fields (a custom screen's table), in the
 * user's time zone like every date the engine shows; '-' when there is none.
 *
 * @example
 * <DateTimeText value={image.updated_at} />
 */
export function DateTimeText({ value, format = 'date-time' }: { value: unknown; format?: 'date-time' | 'date' }) {
  const { zone } = useTimeZone();
  if (typeof value !== 'string' && typeof value !== 'number') return '-';
  return dateText(value, format, zone) || String(value);
}

/**
 * A timestamp in `zone`: the medium date-time format for `date-time`, the
 * spec's yyyy-mm-dd for `date`; '' when unreadable.
 *
 * @example
 * dateText('2013-08-21T11:22:25', 'date-time', 'Asia/Tokyo'); // 'Aug 21, 2013 8:22:25 PM'
 */
export function dateText(value: string | number, format: 'date-time' | 'date', zone: TimeZoneSpec): string {
  return format === 'date' ? formatDate(value, zone) : formatMediumDate(value, zone);
}
