/**
 * The Launch Stack wizard's parameters step is made from the template: Heat's
 * `validate` describes each parameter (CFN-style keys), and each becomes one
 * field whose checks mirror the parameter's constraints. Heat checks again
 * on launch, with its own message.
 */

export interface DescribedParameter {
  Type: 'String' | 'Number' | 'CommaDelimitedList' | 'Json' | 'Boolean';
  Label?: string;
  Description?: string;
  NoEcho?: 'true' | 'false';
  Default?: unknown;
  MinValue?: number;
  MaxValue?: number;
  MinLength?: number;
  MaxLength?: number;
  AllowedValues?: unknown[];
  AllowedPattern?: string;
  ConstraintDescription?: string;
}

export interface ParameterField {
  name: string;
  label: string;
  help: string;
  kind: 'text' | 'number' | 'select' | 'checkbox' | 'password' | 'textarea';
  required: boolean;
  initial: string | boolean;
  choices?: string[];
  describe: DescribedParameter;
}

/** Heat's validate answer's parameters as the step's fields, in the template's order. */
export function parameterFields(parameters: Record<string, DescribedParameter>): ParameterField[] {
  return Object.entries(parameters).map(([name, parameter]) => {
    const hasDefault = parameter.Default !== undefined && parameter.Default !== null;
    const initialText = hasDefault ? (typeof parameter.Default === 'object' ? JSON.stringify(parameter.Default) : String(parameter.Default)) : '';
    const kind: ParameterField['kind'] = parameter.AllowedValues
      ? 'select'
      : parameter.Type === 'Boolean'
        ? 'checkbox'
        : parameter.NoEcho === 'true'
          ? 'password'
          : parameter.Type === 'Number'
            ? 'number'
            : parameter.Type === 'Json'
              ? 'textarea'
              : 'text';
    return {
      name,
      label: parameter.Label || name,
      help: parameter.Description ?? '',
      kind,
      // A Boolean always has a value (the box); anything else without a default must be given.
      required: !hasDefault && parameter.Type !== 'Boolean',
      initial: kind === 'checkbox' ? ['true', 't', 'on', 'y', 'yes', '1'].includes(initialText.toLowerCase()) : initialText,
      choices: parameter.AllowedValues?.map(String),
      describe: parameter,
    };
  });
}

/** The first problem with one field's value, or null; what Heat would refuse, worded by the constraint's description when it has one. */
export function fieldProblem(field: ParameterField, value: string | boolean): string | null {
  if (typeof value === 'boolean') return null;
  const { describe } = field;
  if (value.trim() === '') return field.required ? 'This field is required.' : null;
  const explain = (fallback: string) => describe.ConstraintDescription || fallback;
  if (describe.Type === 'Number') {
    const number = Number(value);
    if (!Number.isFinite(number)) return 'Enter a number.';
    if (describe.MinValue !== undefined && number < describe.MinValue) return explain(`Ensure this value is greater than or equal to ${describe.MinValue}.`);
    if (describe.MaxValue !== undefined && number > describe.MaxValue) return explain(`Ensure this value is less than or equal to ${describe.MaxValue}.`);
  }
  if (describe.Type === 'Json') {
    try {
      JSON.parse(value);
    } catch {
      return 'Enter valid JSON.';
    }
  }
  if (describe.MinLength !== undefined && value.length < describe.MinLength) return explain(`Ensure this value has at least ${describe.MinLength} characters.`);
  if (describe.MaxLength !== undefined && value.length > describe.MaxLength) return explain(`Ensure this value has at most ${describe.MaxLength} characters.`);
  if (describe.AllowedPattern !== undefined && !new RegExp(`^(?:${describe.AllowedPattern})$`).test(value)) return explain(`Value must match pattern ${describe.AllowedPattern}.`);
  return null;
}

/** The values Heat is sent: only what the user gave (a blank optional field keeps the template's default). */
export function parameterValues(fields: ParameterField[], values: Record<string, string | boolean>): Record<string, string | boolean> {
  const sent: Record<string, string | boolean> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (typeof value === 'boolean') sent[field.name] = value;
    else if (value !== undefined && value.trim() !== '') sent[field.name] = value;
  }
  return sent;
}
