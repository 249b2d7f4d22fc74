import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import { type ComponentType, useEffect, useState } from 'react';
import { OPTIONS_LOAD_FAILED } from '../forms/widgets/TransferField';
import { useOptionLoader } from '../forms/option-sources';
import type { Membership } from '../transfer/membership';
import { MembershipTable } from '../transfer/MembershipTable';
import { MetadataStep } from '../metadata/MetadataStep';
import type { SchemaNode } from '../schema/types';
import type { TransferItem } from '../transfer/model';

/** What a custom wizard step receives: the value of the one form field it edits. */
export interface CustomStepProps {
  value: unknown;
  /** Every value of the wizard so far, for a step that shows or depends on others' (a Summary). */
  formData: Record<string, unknown>;
  onChange(value: unknown): void;
  /** The step's `options` from the descriptor. */
  options: Record<string, unknown>;
  /** Messages of the field. */
  errors: string[];
  disabled: boolean;
  /**
   * The field's schema in the form, so a step takes its limits and choices from `schemas/` rather than restating
   * them; `resolve` follows its local `$ref`s (`{ $ref: '#/$defs/vlanId' }` → the VLAN id's schema).
   */
  schema: SchemaNode;
  resolve(node: SchemaNode | undefined): SchemaNode;
  /**
   * Reports the step's own errors, for a check only the step can make (the
   * restore step's quota check against the quotas it loaded): shown in
   * `errors` at once, and they hold the wizard on the step as the schema's
   * do, until the step reports none.
   */
  report(messages: string[]): void;
}

/**
 * Membership step (spec 1 §4.9, §6): `options` name the option sources of
 * the members and the roles, the default role (its id or its name) and the
 * list titles; the value is member id → role ids.
 *
 * @example
 * { id: 'members', title: 'Project Members', component: 'membership', field: 'members',
 *   options: { members: 'resource:user', roles: 'resource:role', defaultRole: 'member' } }
 */
function MembershipStep({ value, onChange, options, errors, disabled }: CustomStepProps) {
  const load = useOptionLoader();
  const [lists, setLists] = useState<{ members: TransferItem[]; roles: TransferItem[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const membersSource = String(options.members ?? '');
  const rolesSource = String(options.roles ?? '');

  useEffect(() => {
    let live = true;
    Promise.all([load(membersSource), load(rolesSource)]).then(
      ([members, roles]) => live && setLists({ members, roles }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [membersSource, rolesSource, load]);

  if (failed) return <Alert severity="error">{OPTIONS_LOAD_FAILED}</Alert>;
  return (
    <>
      <MembershipTable
        members={lists?.members ?? []}
        roles={(lists?.roles ?? []).map((role) => ({ id: role.id, name: role.label ?? role.id }))}
        defaultRole={roleIdOf(lists?.roles ?? [], String(options.defaultRole ?? ''))}
        value={(value ?? {}) as Membership}
        onChange={onChange}
        disabled={disabled || lists === null}
        availableTitle={options.availableTitle as string | undefined}
        allocatedTitle={options.allocatedTitle as string | undefined}
      />
      {errors.map((error) => (
        <FormHelperText key={error} error>
          {error}
        </FormHelperText>
      ))}
    </>
  );
}

/** The id of the role named by `idOrName`: descriptors name Keystone's default role, whose id differs per cloud. */
function roleIdOf(roles: TransferItem[], idOrName: string): string {
  return (roles.find((role) => role.id === idOrName) ?? roles.find((role) => role.label === idOrName))?.id ?? idOrName;
}

/**
 * The engine's wizard steps a descriptor names by `component` (resources stay
 * free of React). A step particular to one resource is plugged in by the app
 * (`stepComponents` of `EnginePlugins`, custom/step-components.ts).
 */
export const ENGINE_STEP_COMPONENTS: Record<string, ComponentType<CustomStepProps>> = {
  membership: MembershipStep,
  /** The metadata editor over a key → text field (src/metadata/MetadataStep.tsx). */
  metadata: MetadataStep,
};
