import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { useMemo } from 'react';
import type { AnyResourceDescriptor, PanelDescriptor } from '../descriptor';
import { useRegistry } from './context';
import ResourceListPage from './ResourceListPage';

const TAB_PARAM = 'tab';

/**
 * A panel whose descriptor lists `panel.tabs` (spec 3 §2.5: project/duratus_job
 * with Backup plans, Running Tasks and Task History): the tab named by the
 * `tab` query parameter, else the first, shows its resource's list headed by
 * the tab's label. Only the open tab's list is mounted, so each tab fetches
 * its rows afresh when chosen.
 */
export function PanelTabs({ descriptor }: { descriptor: AnyResourceDescriptor }) {
  const registry = useRegistry();
  const tabs = descriptor.panel!.tabs!;
  const [params, setParams] = useSearchParams();
  const active = tabs.find((tab) => tab.id === params.get(TAB_PARAM)) ?? tabs[0];
  const named = active.resource ? registry.byName(active.resource) : descriptor;
  if (!named) throw new Error(`No resource named '${active.resource}' for the tab '${active.id}'`);
  const shown = useMemo(() => withTabFilter(named, descriptor.panel!, active.filter), [named, descriptor, active.filter]);

  function select(tab: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, tab);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <Tabs value={active.id} onChange={(_event, tab: string) => select(tab)} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {tabs.map((tab) => (
          <Tab key={tab.id} value={tab.id} label={tab.label} id={`tab-${tab.id}`} aria-controls="tabpanel-panel" />
        ))}
      </Tabs>
      <div role="tabpanel" id="tabpanel-panel" aria-labelledby={`tab-${active.id}`}>
        <ResourceListPage key={shown.name} descriptor={shown} title={active.label} />
      </div>
    </>
  );
}

/** A tab's resource listing what `filter` asks for, on the hosting panel's dashboard (an admin tab's Project column). */
function withTabFilter(resource: AnyResourceDescriptor, host: PanelDescriptor, filter: Record<string, string> | undefined): AnyResourceDescriptor {
  if (!filter) return resource;
  const panel = resource.panel ?? host;
  return { ...resource, panel: { ...panel, dashboard: host.dashboard, filter: { ...panel.filter, ...filter }, tabs: undefined } };
}
