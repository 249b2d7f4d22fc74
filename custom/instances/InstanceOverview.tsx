import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { DetailTabComponentProps } from '../../src/plugins';
import { Pairs, Section } from './Section';
import { type SecurityGroup, ruleText } from './security-group-rules';
import { useInstanceCall } from './useInstanceCall';

interface AttachedVolume {
  id?: string;
  volumeId: string;
  device?: string;
  name?: string | null;
}

type Addresses = Record<string, { addr: string }[]>;

/** Horizon's mb_float_format: whole megabytes under a gigabyte, else gigabytes. */
export function ramText(mb: number): string {
  return mb >= 1024 ? `${Number((mb / 1024).toFixed(1))}GB` : `${mb}MB`;
}

const em = (text: string) => <em>{text}</em>;

/**
 * The rest of Horizon's instance overview (_detail_overview.html) under the
 * descriptor's fields: Host (only an admin's token has it), Fault, Specs, IP
 * Addresses, Security Groups with their rules, Metadata and Volumes
 * Attached.
 */
export function InstanceOverview({ record }: DetailTabComponentProps) {
  const id = String(record.id);
  const groups = useInstanceCall<SecurityGroup[]>(id, 'security-groups');
  const volumes = useInstanceCall<AttachedVolume[]>(id, 'volumes');
  const addresses = (record.addresses ?? {}) as Addresses;
  const metadata = (record.metadata ?? {}) as Record<string, string>;
  const fault = record.fault as { message?: string; code?: number; details?: string; created?: string } | null | undefined;
  const groupNames = new Map((groups.data ?? []).map((group) => [group.id, group.name]));

  return (
    <>
      {record.host != null && <Pairs rows={[['Host', String(record.host)]]} />}
      {fault?.message && (
        <Section title="Fault">
          <Pairs rows={[['Message', fault.message], ['Code', String(fault.code ?? '-')], ['Details', fault.details ?? '-'], ['Created', fault.created ?? '-']]} />
        </Section>
      )}
      <Section title="Specs">
        {record.flavor_name ? (
          <Pairs
            rows={[
              ['Flavor Name', String(record.flavor_name)],
              ['Flavor ID', String(record.flavor_id ?? '-')],
              ['RAM', typeof record.ram === 'number' ? ramText(record.ram) : '-'],
              ['VCPUs', `${String(record.vcpus ?? '-')} VCPU`],
              ['Disk', `${String(record.disk ?? '-')}GB`],
            ]}
          />
        ) : (
          <Pairs rows={[['Flavor', 'Not available']]} />
        )}
      </Section>
      <Section title="IP Addresses">
        <Pairs rows={Object.entries(addresses).map(([network, list]) => [network, list.length ? list.map((address) => address.addr).join(', ') : '(No IP address)'])} />
      </Section>
      <Section title="Security Groups">
        {groups.isError ? (
          <Typography>Not available</Typography>
        ) : groups.data?.length === 0 ? (
          <Typography>Not available</Typography>
        ) : (
          <Pairs
            rows={(groups.data ?? []).map((group) => [
              group.name,
              <ul key={group.id} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {(group.security_group_rules ?? []).length === 0 ? (
                  <li>{em('No rules defined.')}</li>
                ) : (
                  group.security_group_rules!.map((rule, index) => <li key={rule.id ?? index}>{ruleText(rule, groupNames)}</li>)
                )}
              </ul>,
            ])}
          />
        )}
      </Section>
      <Section title="Metadata">
        <Pairs
          rows={[
            ['Key Name', record.key_name ? String(record.key_name) : em('None')],
            ...(record.image_id
              ? ([
                  [
                    'Image Name',
                    record.image_name ? (
                      <Link component={RouterLink} to={`/ngdetails/OS::Glance::Image/${encodeURIComponent(String(record.image_id))}`}>
                        {String(record.image_name)}
                      </Link>
                    ) : (
                      '-'
                    ),
                  ],
                  ['Image ID', String(record.image_id)],
                ] as [string, React.ReactNode][])
              : ([['Image', 'None']] as [string, React.ReactNode][])),
            ...Object.entries(metadata).map(([key, value]): [string, React.ReactNode] => [key, value || em('N/A')]),
          ]}
        />
      </Section>
      <Section title="Volumes Attached">
        {volumes.data?.length ? (
          <Pairs
            rows={volumes.data.map((volume) => [
              'Attached To',
              <>
                <Link component={RouterLink} to={`/ngdetails/OS::Cinder::Volume/${encodeURIComponent(volume.volumeId)}`}>
                  {volume.name || volume.volumeId}
                </Link>{' '}
                on {volume.device ?? '-'}
              </>,
            ])}
          />
        ) : (
          <Pairs rows={[['Volume', em('No volumes attached.')]]} />
        )}
      </Section>
    </>
  );
}
