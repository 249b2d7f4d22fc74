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
export function deleteTexts(labels: { singular: string; plural: string }, names: string[]): DeleteTexts {
  const counted = names.length === 1 ? labels.singular : labels.plural;
  const list = joinNames(names);
  return {
    title: `Confirm Delete ${counted}`,
    message: `You have selected "${names.join('", "')}". Deleted ${labels.singular} is not recoverable.`,
    submit: `Delete ${counted}`,
    success: `Deleted ${labels.singular}: ${list}.`,
    error: `Unable to delete ${labels.singular}: ${list}.`,
  };
}
