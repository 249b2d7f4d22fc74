import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { type Membership, MEMBERSHIP_FILTER_DELAY_MS, toggleRole, withMembers } from './membership';
import { itemText, type TransferItem } from './model';
import { TransferTable, type TransferTableTexts } from './TransferTable';

export interface Role {
  id: string;
  name: string;
}

export interface MembershipTableProps extends TransferTableTexts {
  /** Everyone who may become a member (users, groups). */
  members: readonly TransferItem[];
  /** The roles a member may hold. */
  roles: readonly Role[];
  /** The role id a member gets when added (spec 1 §6). */
  defaultRole: string;
  value: Membership;
  onChange(membership: Membership): void;
  disabled?: boolean;
}

/**
 * One membership step (spec 1 §3, §4.9, §6): a transfer table of members,
 * each allocated member with a check box per role. Adding a member gives it
 * the default role; its filters wait 200 ms.
 *
 * @example
 * <MembershipTable members={users} roles={roles} defaultRole="member" value={members} onChange={setMembers} />
 */
export function MembershipTable({ members, roles, defaultRole, value, onChange, disabled, ...texts }: MembershipTableProps) {
  return (
    <TransferTable
      {...texts}
      items={members}
      value={Object.keys(value)}
      onChange={(ids) => onChange(withMembers(value, ids, defaultRole))}
      filterDelay={MEMBERSHIP_FILTER_DELAY_MS}
      disabled={disabled}
      allocatedExtra={(member) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', mr: 4 }}>
          {roles.map((role) => (
            <FormControlLabel
              key={role.id}
              label={role.name}
              control={
                <Checkbox
                  size="small"
                  disabled={disabled}
                  checked={(value[member.id] ?? []).includes(role.id)}
                  onChange={() => onChange(toggleRole(value, member.id, role.id))}
                  slotProps={{ input: { 'aria-label': `${role.name} role of ${itemText(member)}` } }}
                />
              }
            />
          ))}
        </Box>
      )}
    />
  );
}
