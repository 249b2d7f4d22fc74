/**
 * Fills `{field}` placeholders from a record.
 *
 * @example
 * formatMessage('Key pair {name} was successfully created.', { name: 'k1' }); // 'Key pair k1 was successfully created.'
 */
export function formatMessage(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => (values[key] === undefined ? placeholder : String(values[key])));
}

export interface DeleteTexts {
  title: string;
  message: string;
  submit: string;
  success: string;
  error: string;
}

/** Names as the result toasts list them: 'a, b'. */
export function joinNames(names: string[]): string {
  return names.join(', ');
}

/**
 * The delete dialog and result texts of spec 2 §8, in Horizon's singular and
 * plural forms (its delete action services' ngettext): one name gives
 * 'Deleted Key Pair is not recoverable.' and 'Deleted Key Pair: a.', several
 * 'Deleted Key Pairs are not recoverable.' and 'Deleted Key Pairs: a, b.'.
 * In the message each name is quoted: 'You have selected "a", "b".'
 *
 * @example
 * deleteTexts({ singular: 'Key Pair', plural: 'Key Pairs' }, ['a', 'b']).title; // 'Confirm Delete Key Pairs'
 */
export function deleteTexts(labels: { singular: string; plural: string; deleteVerb?: { present: string; past: string } }, names: string[]): DeleteTexts {
  const several = names.length > 1;
  const counted = several ? labels.plural : labels.singular;
  const list = joinNames(names);
  // Horizon's 'Release Floating IP' is a delete under another verb.
  const { present, past } = labels.deleteVerb ?? { present: 'Delete', past: 'Deleted' };
  return {
    title: `Confirm ${present} ${counted}`,
    message: `You have selected "${names.join('", "')}". ${past} ${counted} ${several ? 'are' : 'is'} not recoverable.`,
    submit: `${present} ${counted}`,
    success: `${past} ${counted}: ${list}.`,
    error: `Unable to ${present.toLowerCase()} ${counted}: ${list}.`,
  };
}

/**
 * The confirm of Horizon's Django table actions (horizon/client_side/_confirm.html):
 * 'You have selected: "a", "b". Please confirm your selection.' and the action's help text.
 */
export function djangoConfirm(names: string[], help?: string): string {
  const quoted = names.map((name) => `"${name}"`).join(', ');
  return `You have selected: ${quoted}. Please confirm your selection.${help ? ` ${help}` : ''}`;
}
