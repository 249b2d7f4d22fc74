import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import type { AnyResourceDescriptor } from '../descriptor';
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
  const shown = active.resource ? registry.byName(active.resource) : descriptor;
  if (!shown) throw new Error(`No resource named '${active.resource}' for the tab '${active.id}'`);

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
