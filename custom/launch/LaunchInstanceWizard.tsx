import { type ReactElement, useMemo, useRef, useState } from 'react';
import { useBackend } from '../../src/engine/context';
import { MetadataStep } from '../../src/metadata/MetadataStep';
import { useToastStore } from '../../src/toasts/context';
import { Wizard } from '../../src/wizard/Wizard';
import type { FieldErrors, FormData, WizardStep, Workflow } from '../../src/wizard/types';
import type { LaunchData } from './load';
import { type BootSourceType, LAUNCH_MESSAGES, type LaunchRecord, type NewInstanceSpec, newInstanceSpec } from './model';
import { instanceCountErrors, networkErrors, normalisedCount, userDataErrors, volumeSizeErrors } from './rules';
import { buildServerSpec } from './server-spec';
import { ConfigurationStep } from './steps/ConfigurationStep';
import { DetailsStep } from './steps/DetailsStep';
import { FlavorStep, launchFlavorErrors } from './steps/FlavorStep';
import { KeyPairStep } from './steps/KeyPairStep';
import { NetworksStep, PortsStep, SecurityGroupsStep, ServerGroupsStep } from './steps/ListSteps';
import { SourceStep, volumeCreatable, withSource } from './steps/SourceStep';
import type { LaunchStepProps } from './steps/types';

/** What the wizard may be opened with (spec 2 §2.4): a source to preselect. */
export interface LaunchContext {
  imageId?: string;
  volumeId?: string;
  snapshotId?: string;
  volumeSnapshotId?: string;
}

/** The resource type of the metadata step's definitions (spec 2 §2.4). */
export const SERVER_METADATA_TYPE = 'OS::Nova::Server';

const only = (errors: Record<string, string[]>): FieldErrors => Object.fromEntries(Object.entries(errors).filter(([, messages]) => messages.length > 0));

/**
 * The spec the wizard opens with (spec 2 §4): the launch context's source
 * (else the default boot source), a single zone, network and key pair
 * preselected, the default security group, and the settings' defaults.
 */
export function initialSpec(data: LaunchData, context: LaunchContext): NewInstanceSpec {
  const fromContext: [BootSourceType, string | undefined][] = [
    ['image', context.imageId],
    ['volume', context.volumeId],
    ['volume_snapshot', context.volumeSnapshotId],
  ];
  // snapshotId names an instance snapshot (a Glance image) or, failing that, a volume snapshot.
  if (context.snapshotId) fromContext.push(['snapshot', context.snapshotId], ['image', context.snapshotId], ['volume_snapshot', context.snapshotId]);
  let sourceType: BootSourceType = data.defaultBootSource;
  let source: LaunchRecord[] = [];
  for (const [type, id] of fromContext) {
    const found = id ? data.sources[type]?.find((each) => each.id === id) : undefined;
    if (found && data.sourceTypes.includes(type)) {
      sourceType = type;
      source = [found];
      break;
    }
  }
  const base = newInstanceSpec({
    availability_zone: data.zone,
    config_drive: data.defaults.config_drive,
    create_volume_default: data.defaults.create_volume,
    hide_create_volume: data.defaults.hide_create_volume,
    description: data.descriptionSupported ? '' : undefined,
    source_type: sourceType,
    vol_create: volumeCreatable(sourceType, data.volumeEnabled) ? data.defaults.create_volume : false,
    networks: data.networks.length === 1 ? [data.networks[0]] : [],
    security_groups: data.securityGroups.filter((group) => group.name === 'default'),
    key_pair: data.keypairs.length === 1 ? [data.keypairs[0]] : [],
  });
  return source.length ? withSource(base, source) : base;
}

/** Each step's checks (spec 2 §5), keyed by field. */
export function stepErrors(stepId: string, spec: NewInstanceSpec, data: LaunchData): FieldErrors {
  switch (stepId) {
    case 'details':
      return only({ name: spec.name?.trim() ? [] : [LAUNCH_MESSAGES.nameRequired], instance_count: instanceCountErrors(spec.instance_count, data.computeLimits) });
    case 'source':
      return only({
        source: spec.source.length ? [] : [LAUNCH_MESSAGES.sourceRequired],
        vol_size: volumeSizeErrors(spec),
        source_type: spec.source_type === 'volume' && spec.instance_count !== 1 ? [LAUNCH_MESSAGES.volumeCount] : [],
      });
    case 'flavor':
      return only({ flavor: spec.flavor ? Object.values(launchFlavorErrors(spec.flavor, spec, data.computeLimits)) : [LAUNCH_MESSAGES.flavorRequired] });
    case 'networks':
      return only({ networks: networkErrors(spec) });
    case 'keypair':
      return only({
        key_pair: data.requiresKeypair && spec.key_pair.length === 0 ? [LAUNCH_MESSAGES.keypairRequired] : [],
        admin_pass_confirm: spec.admin_pass && spec.admin_pass !== (spec.admin_pass_confirm ?? '') ? [LAUNCH_MESSAGES.passwordsMismatch] : [],
      });
    case 'configuration':
      return only({ user_data: userDataErrors(spec.user_data) });
    default:
      return {};
  }
}

export interface LaunchInstanceWizardProps {
  data: LaunchData;
  context: LaunchContext;
  /** After the launch was accepted. */
  onLaunched(): void;
  /** Cancel. */
  onDismiss(): void;
}

/**
 * The Launch Instance wizard (spec 2 §2.4, §4): the engine's wizard frame
 * with the eleven steps, those whose service, policy or setting is missing
 * left out; 'Launch Instance' on every step; on success the info toast
 * 'Scheduled creation of %s instance(s).'; a refusal is shown in the
 * server's words and the wizard stays open.
 */
export function LaunchInstanceWizard({ data: loaded, context, onLaunched, onDismiss }: LaunchInstanceWizardProps) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const [data, setData] = useState(loaded);
  const launched = useRef(false);
  // The wizard frame keeps the values; steps read the latest data through this ref.
  const dataRef = useRef(data);
  dataRef.current = data;

  const workflow = useMemo<Workflow>(() => {
    const step = (id: string, title: string, Body: (props: LaunchStepProps) => ReactElement): WizardStep => ({
      id,
      title,
      render: ({ data: values, onChange, errors, disabled }) => (
        <Body spec={values as unknown as NewInstanceSpec} onSpec={(next) => onChange(next as unknown as FormData)} errors={errors} disabled={disabled} data={dataRef.current} />
      ),
      validate: (values) => stepErrors(id, values as unknown as NewInstanceSpec, dataRef.current),
    });
    const addKeypair = (keypair: LaunchRecord) => {
      const { private_key: _secret, ...listed } = keypair;
      setData((before) => ({ ...before, keypairs: [...before.keypairs, listed as LaunchRecord] }));
    };
    const metadataStep = (id: string, title: string, field: 'scheduler_hints' | 'meta'): WizardStep => ({
      id,
      title,
      render: ({ data: values, onChange, disabled }) => (
        <MetadataStep
          value={(values as unknown as NewInstanceSpec)[field] ?? {}}
          onChange={(next) => onChange({ ...values, [field]: next })}
          options={{ resourceType: SERVER_METADATA_TYPE }}
          errors={[]}
          disabled={disabled}
        />
      ),
    });
    const { networkEnabled, allowed, defaults } = loaded;
    const steps: (WizardStep | false)[] = [
      step('details', 'Details', DetailsStep),
      step('source', 'Source', SourceStep),
      step('flavor', 'Flavor', FlavorStep),
      networkEnabled && step('networks', 'Networks', NetworksStep),
      networkEnabled && defaults.enable_net_ports && step('ports', 'Network Ports', PortsStep),
      networkEnabled && step('secgroups', 'Security Groups', SecurityGroupsStep),
      step('keypair', 'Key Pair', (props) => <KeyPairStep {...props} onKeypairAdded={addKeypair} />),
      step('configuration', 'Configuration', ConfigurationStep),
      allowed.serverGroups && step('servergroups', 'Server Groups', ServerGroupsStep),
      allowed.hints && metadataStep('hints', 'Scheduler Hints', 'scheduler_hints'),
      defaults.enable_metadata && metadataStep('metadata', 'Metadata', 'meta'),
    ];
    return {
      title: LAUNCH_MESSAGES.title,
      finishLabel: LAUNCH_MESSAGES.finish,
      finishFromAnyStep: true,
      initialData: initialSpec(loaded, context) as unknown as FormData,
      steps: steps.filter((each): each is WizardStep => Boolean(each)),
    };
  }, [loaded, context]);

  async function submit(values: FormData) {
    const spec = values as unknown as NewInstanceSpec;
    const count = normalisedCount(spec.instance_count);
    const body = buildServerSpec({ ...spec, instance_count: count }, { networkEnabled: loaded.networkEnabled });
    await dataProvider.create('server-launch', { data: body });
    toasts.info(LAUNCH_MESSAGES.scheduled(count));
    launched.current = true;
  }

  return <Wizard workflow={workflow} submit={submit} onClose={() => (launched.current ? onLaunched() : onDismiss())} size="xl" />;
}
