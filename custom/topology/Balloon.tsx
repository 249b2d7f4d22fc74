import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { balloonPort, statusClass, type TopologyNetwork, type TopologyPort, type TopologyRouter, type TopologyServer } from './model';

/**
 * A topology balloon (spec 1 §2.3, §2.4, §4.5; Horizon's balloon templates):
 * the device's name, ID and status, then its interfaces (router), IP
 * addresses (instance, graph view) or subnets (network), the links to its
 * details and console, and the actions the spec allows.
 */

export type BalloonTarget =
  | { kind: 'router'; router: TopologyRouter; ports: TopologyPort[] }
  | { kind: 'instance'; server: TopologyServer; ipAddresses?: { ip_address?: string; subnet_id?: string }[] }
  | { kind: 'network'; network: TopologyNetwork };

export interface BalloonActions {
  /** Spec 1 §9: the console opens in a 760x560 popup. */
  openConsole(server: TopologyServer): void;
  deleteDevice(target: BalloonTarget): void;
  deletePort(port: { id: string; routerId: string; networkId: string }): void;
  deleteSubnet(subnet: { id: string; cidr: string; networkId: string }): void;
  /** Router delete is offered when the router delete policy passes. */
  canDeleteRouter: boolean;
  /** Interface delete is offered when the router update policy passes. */
  canDeletePort: boolean;
  /** Add Interface and Create Subnet go through the resources' own routes (spec 1 §2.1). */
  addInterfacePath(router: TopologyRouter): string;
  createSubnetPath(network: TopologyNetwork): string;
  /** An action is running: every action button waits (spec 1 §4.5). */
  busy: boolean;
}

export const BALLOON_TEXTS = {
  router: { details: 'View Router Details', delete: 'Delete Router' },
  instance: { details: 'View Instance Details', delete: 'Delete Instance' },
  network: { details: 'View Details', delete: 'Delete Network' },
};

/** A status with Horizon's dot: green when active, red otherwise (spec 1 §4.5). */
function Status({ className, text }: { className: 'active' | 'down'; text: string }) {
  const color = className === 'active' ? 'success.main' : 'error.main';
  return (
    <Box component="span" className={className} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color }} />
      {text}
    </Box>
  );
}

function DetailTable({ children }: { children: ReactNode }) {
  return (
    <Box
      component="table"
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        fontSize: 12,
        '& th, & td': { textAlign: 'left', p: '3px 6px', verticalAlign: 'middle', whiteSpace: 'nowrap' },
        '& th': { color: 'text.secondary', fontWeight: 600 },
        // Long ids are cut with an ellipsis; the full id is the cell's title.
        '& th.id': { maxWidth: 90, overflow: 'hidden', textOverflow: 'ellipsis' },
      }}
    >
      <tbody>{children}</tbody>
    </Box>
  );
}

function SectionHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1, mb: 0.5 }}>
      <Typography variant="subtitle2" component="div">
        {title}
      </Typography>
      {action}
    </Box>
  );
}

function targetOf(target: BalloonTarget) {
  if (target.kind === 'router') return target.router;
  if (target.kind === 'instance') return target.server;
  return target.network;
}

export function Balloon({ target, position, actions, onClose }: { target: BalloonTarget; position: { left: number; top: number }; actions: BalloonActions; onClose(): void }) {
  const item = targetOf(target);
  const texts = BALLOON_TEXTS[target.kind];
  const allowDelete =
    target.kind === 'instance' ? target.server.allow_delete_server : target.kind === 'router' ? actions.canDeleteRouter : !target.network['router:external'] && target.network.allow_delete_network === true;
  const small = { size: 'small' as const, variant: 'outlined' as const, disabled: actions.busy };
  return (
    <Paper
      role="dialog"
      aria-label={item.name}
      className="topologyBalloon"
      elevation={6}
      onClick={(event) => event.stopPropagation()}
      sx={{ position: 'absolute', left: position.left, top: position.top, width: 'max-content', minWidth: 340, maxWidth: 520, p: 1.5, zIndex: 10 }}
    >
      <IconButton aria-label="Close" size="small" onClick={onClose} sx={{ position: 'absolute', right: 4, top: 4 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="subtitle1" component="h3" sx={{ pr: 4, fontWeight: 600, wordBreak: 'break-all' }}>
        {item.name}
      </Typography>
      <DetailTable>
        <tr>
          <th>ID</th>
          <td>{item.id}</td>
        </tr>
        <tr>
          <th>STATUS</th>
          <td>
            <Status className={statusClass(item)} text={item.status} />
          </td>
        </tr>
      </DetailTable>

      {target.kind === 'router' && (
        <>
          <SectionHeader
            title="Interfaces"
            action={
              <Button {...small} startIcon={<AddIcon />} component={RouterLink} to={actions.addInterfacePath(target.router)}>
                Add Interface
              </Button>
            }
          />
          <DetailTable>
            {target.ports.map(balloonPort).map((port) => (
              <tr key={port.id}>
                <th className="id" title={port.id}>
                  {port.url ? <Link component={RouterLink} to={port.url}>{port.id}</Link> : port.id}
                </th>
                <td>{port.ipAddress}</td>
                <td>{port.deviceOwner}</td>
                <td>
                  <Status className={port.statusClass} text={port.status} />
                </td>
                <td>
                  {port.isInterface && actions.canDeletePort && (
                    <Button {...small} color="error" onClick={() => actions.deletePort({ id: port.id, routerId: port.routerId, networkId: port.networkId })}>
                      Delete Interface
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DetailTable>
        </>
      )}

      {target.kind === 'instance' && target.ipAddresses && (
        <>
          <SectionHeader title="IP Addresses" />
          <DetailTable>
            {target.ipAddresses.map((ip) => (
              <tr key={`${ip.ip_address}-${ip.subnet_id}`}>
                <th>{ip.ip_address}</th>
                <td>{ip.subnet_id}</td>
              </tr>
            ))}
          </DetailTable>
        </>
      )}

      {target.kind === 'network' && (
        <>
          <SectionHeader
            title="Subnets"
            action={
              <Button {...small} startIcon={<AddIcon />} component={RouterLink} to={actions.createSubnetPath(target.network)}>
                Create Subnet
              </Button>
            }
          />
          <DetailTable>
            {target.network.subnets.map((subnet) => (
              <tr key={subnet.id}>
                <th className="id" title={subnet.id}>
                  {subnet.url ? <Link component={RouterLink} to={subnet.url}>{subnet.id}</Link> : subnet.id}
                </th>
                <td>{subnet.cidr}</td>
                <td>
                  {target.network.allow_delete_subnet && (
                    <Button {...small} color="error" onClick={() => actions.deleteSubnet({ id: subnet.id, cidr: subnet.cidr, networkId: target.network.id })}>
                      Delete Subnet
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DetailTable>
        </>
      )}

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, fontSize: 13 }}>
          {item.url && (
            <Link component={RouterLink} to={item.url}>
              » {texts.details}
            </Link>
          )}
          {target.kind === 'instance' && target.server.console && (
            <Link
              href="#"
              onClick={(event) => {
                event.preventDefault();
                actions.openConsole(target.server);
              }}
            >
              » Open Console
            </Link>
          )}
        </Box>
        {allowDelete && (
          <Button size="small" variant="contained" color="error" disabled={actions.busy} title="This action cannot be undone." onClick={() => actions.deleteDevice(target)}>
            {texts.delete}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
