import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { scheduleText } from '../../dataProviders/baas';
import { useOptionLoader } from '../../src/forms/option-sources';
import type { CustomStepProps } from '../../src/wizard/step-components';

/**
 * The plan wizard's Summary step (spec 3 §2.5): what the plan will be, the
 * chosen instances and disks by name.
 */
export function PlanSummaryStep({ formData }: CustomStepProps) {
  const load = useOptionLoader();
  const [names, setNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    Promise.all([load('backup-instances'), load('backup-volumes')]).then(
      (lists) => live && setNames(new Map(lists.flat().map((item) => [item.id, item.label ?? item.id]))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load]);
  const named = (ids: unknown) => ((ids as string[] | undefined) ?? []).map((id) => names.get(id) ?? id).join(', ') || '-';
  const rows: [string, string][] = [
    ['Name', String(formData.name ?? '')],
    ['Description', String(formData.description ?? '') || '-'],
    ['Enable', formData.enable === false ? 'No' : 'Yes'],
    ['Instances', named(formData.vms)],
    ['Disks', named(formData.volumes)],
    ['Schedule', scheduleText({ type: formData.schedule_type, hour: formData.hour, minute: formData.minute, weekday: formData.weekday })],
    ['Rotation Points', String(formData.rotation_points ?? '')],
  ];
  return (
    <Table size="small" aria-label="Summary">
      <TableBody>
        {rows.map(([label, text]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
            </TableCell>
            <TableCell>{text}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
