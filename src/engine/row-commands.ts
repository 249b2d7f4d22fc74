import type { ResourceRecord } from '../descriptor';
import { DISABLED_ACTION_TOOLTIP, type RowAction } from '../table/types';
import { appliesTo, type OperationAction, type RowCommand } from './actions';
import { formatMessage } from './messages';

/**
 * A record's links and operations as row-menu entries, in descriptor order.
 * Links and operations that do not apply to the record are left out
 * (Horizon's row renders only the actions whose `allowed` passes, e.g. no
 * 'Retrieve Password' for an instance without a key pair); a link whose
 * target does not exist yet stays listed but disabled, with the default tooltip.
 */
export function commandActions(
  commands: RowCommand[],
  record: ResourceRecord,
  run: { navigate(to: string): void; operate(action: OperationAction): void },
): RowAction[] {
  return commands.flatMap((action): RowAction[] => {
    if (action.kind === 'operation') return appliesTo(action, record) ? [{ label: action.label, onSelect: () => run.operate(action) }] : [];
    if (!appliesTo(action, record)) return [];
    const target = action.to && formatMessage(action.to, record);
    return target
      ? [{ label: action.label, onSelect: () => run.navigate(target) }]
      : [{ label: action.label, disabled: true, tooltip: DISABLED_ACTION_TOOLTIP, onSelect: () => {} }];
  });
}
