/**
 * Key codes handled by the dashboard (spec 1 §5: "8 backspace, 9 tab, 13 enter, 27 escape,
 * 46 delete"), e.g. by the facet search bar and the modal forms.
 */
export const KEY_CODES = {
  BACKSPACE: 8,
  TAB: 9,
  ENTER: 13,
  ESCAPE: 27,
  DELETE: 46,
} as const;

/** One of {@link KEY_CODES}. */
export type KeyCode = (typeof KEY_CODES)[keyof typeof KEY_CODES];

/** `KeyboardEvent.key` names of the handled keys, for events that carry no `keyCode`. */
const CODE_BY_KEY: Readonly<Record<string, KeyCode>> = {
  Backspace: KEY_CODES.BACKSPACE,
  Tab: KEY_CODES.TAB,
  Enter: KEY_CODES.ENTER,
  Escape: KEY_CODES.ESCAPE,
  Esc: KEY_CODES.ESCAPE,
  Delete: KEY_CODES.DELETE,
  Del: KEY_CODES.DELETE,
};

/**
 * The handled key code of a keyboard event, from `key` (the standard) or the legacy `keyCode`;
 * `undefined` for any other key.
 *
 * @example
 * function onKeyDown(event: React.KeyboardEvent) {
 *   if (keyCodeOf(event) === KEY_CODES.ESCAPE) close();
 * }
 */
export function keyCodeOf(event: { key?: string; keyCode?: number }): KeyCode | undefined {
  const fromKey = event.key === undefined ? undefined : CODE_BY_KEY[event.key];
  if (fromKey !== undefined) return fromKey;
  return (Object.values(KEY_CODES) as number[]).includes(event.keyCode ?? -1) ? (event.keyCode as KeyCode) : undefined;
}
