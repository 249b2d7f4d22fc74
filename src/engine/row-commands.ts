import type { ResourceRecord } from '../descriptor';
import { DISABLED_ACTION_TOOLTIP, type RowAction } from '../table/types';
import { appliesTo, type OperationAction, type RowCommand } from './actions';
import { formatMessage } from './messages';

/**
 * A record's links and operations as row-menu entries, in descriptor order.
 * Operations that do not apply to the record are left out (Horizon shows a
 * row only the actions its state allows); links stay listed but disabled,
 * with the default tooltip, while their target does not exist yet (e.g.
 * 'Launch') or they do not apply.
 */
export function commandActions(
  commands: RowCommand[],
  record: ResourceRecord,
  run: { navigate(to: string): void; operate(action: OperationAction): void },
): RowAction[] {
  return commands.flatMap((action): RowAction[] => {
    if (action.kind === 'operation') return appliesTo(action, record) ? [{ label: action.label, onSelect: () => run.operate(action) }] : [];
    if (!action.to && !appliesTo(action, record)) return [];
    const target = action.to && appliesTo(action, record) ? formatMessage(action.to, record) : undefined;
    return target
      ? [{ label: action.label, onSelect: () => run.navigate(target) }]
      : [{ label: action.label, disabled: true, tooltip: DISABLED_ACTION_TOOLTIP, onSelect: () => {} }];
  });
}
