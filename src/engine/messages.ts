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
 * The delete dialog and result texts of spec 2 §8: the title and the button
 * follow the count (singular/plural); the message and the result lines use the
 * singular, as the spec writes them ('Deleted Flavor: <names>.'). In the
 * message each name is quoted: 'You have selected "a", "b".'
 *
 * @example
 * deleteTexts({ singular: 'Key Pair', plural: 'Key Pairs' }, ['a', 'b']).title; // 'Confirm Delete Key Pairs'
 */
export function deleteTexts(labels: { singular: string; plural: string; deleteVerb?: { present: string; past: string } }, names: string[]): DeleteTexts {
  const counted = names.length === 1 ? labels.singular : labels.plural;
  const list = joinNames(names);
  // Horizon's 'Release Floating IP' is a delete under another verb.
  const { present, past } = labels.deleteVerb ?? { present: 'Delete', past: 'Deleted' };
  return {
    title: `Confirm ${present} ${counted}`,
    message: `You have selected "${names.join('", "')}". ${past} ${labels.singular} is not recoverable.`,
    submit: `${present} ${counted}`,
    success: `${past} ${labels.singular}: ${list}.`,
    error: `Unable to ${present.toLowerCase()} ${labels.singular}: ${list}.`,
  };
}
