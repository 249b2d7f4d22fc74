import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import FieldHelpText from './FieldHelpText';
import { CHOICE_SELECT_WIDGET, FILE_FIELD, HIDDEN_FIELD, SOURCE_SELECT_WIDGET, SPINNER_WIDGET, TRANSFER_FIELD } from './hints';
import ChoiceSelectWidget from './widgets/ChoiceSelectWidget';
import FileField from './widgets/FileField';
import SourceSelectWidget from './widgets/SourceSelectWidget';
import SpinnerWidget from './widgets/SpinnerWidget';
import TransferField from './widgets/TransferField';

/** A field that renders nothing: switchable fields while hidden (forms/hints.ts). */
function HiddenField() {
  return null;
}

/** The engine's rjsf widgets, selected by schema hints (forms/hints.ts) or a uiSchema's `ui:widget`. */
export const widgets: RegistryWidgetsType = { [SPINNER_WIDGET]: SpinnerWidget, [SOURCE_SELECT_WIDGET]: SourceSelectWidget, [CHOICE_SELECT_WIDGET]: ChoiceSelectWidget };

/** The engine's rjsf fields, selected by schema hints or a uiSchema's `ui:field`. */
export const fields: RegistryFieldsType = { [TRANSFER_FIELD]: TransferField, [HIDDEN_FIELD]: HiddenField, [FILE_FIELD]: FileField };

/** The engine's rjsf templates: help text as help text (FieldHelpText). */
export const templates: Partial<TemplatesType> = { DescriptionFieldTemplate: FieldHelpText };
