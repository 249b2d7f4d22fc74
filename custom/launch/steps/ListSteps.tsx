import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { LaunchNetwork, LaunchPort } from '../load';
import type { LaunchRecord } from '../model';
import { PickTable, type PickColumn } from '../PickTable';
import type { LaunchStepProps } from './types';

const upDown = (item: LaunchRecord) => (item.admin_state ?? (item.admin_state_up === false ? 'DOWN' : 'UP')) === 'UP' ? 'Up' : 'Down';
const status = (item: LaunchRecord) => ({ ACTIVE: 'Active', DOWN: 'Down' } as Record<string, string>)[String(item.status)] ?? String(item.status ?? '-');

const NETWORK_COLUMNS: PickColumn<LaunchNetwork>[] = [
  { label: 'Network', field: 'name', render: (network) => String(network.name || network.id) },
  { label: 'Subnets Associated', render: (network) => network.subnets.map((subnet) => `${subnet.name || subnet.id}${subnet.cidr ? ` ${subnet.cidr}` : ''}`).join(', ') },
  { label: 'Shared', render: (network) => (network.shared ? 'Yes' : 'No') },
  { label: 'Admin State', render: upDown },
  { label: 'Status', render: status },
];

const PORT_COLUMNS: PickColumn<LaunchPort>[] = [
  { label: 'Name', field: 'name', render: (port) => String(port.name || port.id) },
  { label: 'IP', render: (port) => Object.entries(port.subnet_names).map(([ip, subnet]) => `${ip} on subnet ${subnet}`).join(', ') || '-' },
  { label: 'Network', field: 'network_name' },
  { label: 'Admin State', render: upDown },
  { label: 'Status', render: status },
];

const SECURITY_GROUP_COLUMNS: PickColumn<LaunchRecord>[] = [
  { label: 'Name', field: 'name' },
  { label: 'Description', field: 'description' },
];

const SERVER_GROUP_COLUMNS: PickColumn<LaunchRecord>[] = [
  { label: 'Name', field: 'name' },
  { label: 'Policy', render: (group) => String(group.policy ?? (group.policies as string[] | undefined)?.[0] ?? '-') },
];

function StepErrors({ messages }: { messages?: string[] }) {
  return (
    <>
      {messages?.map((message) => (
        <FormHelperText key={message} error>
          {message}
        </FormHelperText>
      ))}
    </>
  );
}

/** Networks (spec 2 §5): networks with a subnet; at least one unless a port is chosen; no maximum. */
export function NetworksStep({ spec, onSpec, errors, disabled, data }: LaunchStepProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">Networks provide the communication channels for instances in the cloud.</Typography>
      <PickTable
        items={data.networks}
        value={spec.networks as LaunchNetwork[]}
        onChange={(networks) => onSpec({ ...spec, networks })}
        columns={NETWORK_COLUMNS}
        noneAllocatedText="Select networks from those listed below."
        availableHelp="Select at least one network"
        disabled={disabled}
      />
      <StepErrors messages={errors.networks} />
    </Box>
  );
}

/** Network Ports (spec 2 §5): only unowned, up ports outside trunks. */
export function PortsStep({ spec, onSpec, disabled, data }: LaunchStepProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">Ports provide extra communication channels to your instances. You can select ports instead of networks or a mix of both.</Typography>
      <PickTable
        items={data.ports}
        value={spec.ports as LaunchPort[]}
        onChange={(ports) => onSpec({ ...spec, ports })}
        columns={PORT_COLUMNS}
        noneAllocatedText="Select ports from those listed below."
        availableHelp="Select one or more"
        disabled={disabled}
      />
    </Box>
  );
}

/** Security Groups (spec 2 §4: the default group preselected). */
export function SecurityGroupsStep({ spec, onSpec, disabled, data }: LaunchStepProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">Select the security groups to launch the instance in.</Typography>
      <PickTable
        items={data.securityGroups}
        value={spec.security_groups}
        onChange={(security_groups) => onSpec({ ...spec, security_groups })}
        columns={SECURITY_GROUP_COLUMNS}
        noneAllocatedText="Select one or more security groups from the available groups below."
        availableHelp="Select one or more"
        disabled={disabled}
      />
    </Box>
  );
}

/** Server Groups (spec 2 §5: one at most). */
export function ServerGroupsStep({ spec, onSpec, disabled, data }: LaunchStepProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">Select the server group to launch the instance in.</Typography>
      <PickTable
        items={data.serverGroups}
        value={spec.server_groups}
        onChange={(server_groups) => onSpec({ ...spec, server_groups })}
        columns={SERVER_GROUP_COLUMNS}
        max={1}
        noneAllocatedText="Select a server group from the available groups below."
        availableHelp="Select one"
        disabled={disabled}
      />
    </Box>
  );
}
