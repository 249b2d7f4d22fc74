/** Shared utilities of the engine: unit and limit filters, dates and time zones, validators, versions, key codes. */
export * from './cache';
export * from './cookies';
export * from './dates';
export * from './keyCodes';
export * from './limit';
export * from './timezones';
export * from './units';
export * from './useTimeZone';
export * from './validators';
export * from './versions';
