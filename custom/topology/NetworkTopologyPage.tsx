import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../src/engine/PageHeading';
import { readCookie, writeCookie } from '../../src/utils/cookies';
import { FlatView } from './FlatView';
import { GraphView } from './GraphView';
import { useTopology } from './useTopology';
import { useTopologyActions } from './useTopologyActions';

export const TOPOLOGY_PATH = '/project/network_topology';

/** Horizon's sticky tab group: the view last chosen is kept in this cookie (spec 1 §2.2). */
export const VIEW_COOKIE = 'tab_topology_tabs';
export const VIEWS = [
  { id: 'topology_tabs__topology', label: 'Topology' },
  { id: 'topology_tabs__graph', label: 'Graph' },
] as const;

/** Spec 1 §4.5: the 'no info' state. */
export const NO_INFO = 'There are no networks, routers, or connected instances to display.';

/** The launch wizard, back here after a launch or a cancel. */
export const LAUNCH_FROM_TOPOLOGY = `/project/instances/launch?successUrl=${encodeURIComponent(TOPOLOGY_PATH)}&dismissUrl=${encodeURIComponent(TOPOLOGY_PATH)}`;

/**
 * Network Topology (`/project/network_topology`, spec 1 §2.3–2.4, §4.5): the
 * toolbar with Launch Instance, Create Network and Create Router, then the
 * flat view (Topology) or the graph view (Graph), the choice remembered
 * across visits. The data reloads every 10 s.
 */
export default function NetworkTopologyPage() {
  const { data, isError, remove } = useTopology();
  const actions = useTopologyActions(remove);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? readCookie(VIEW_COOKIE);
  const view = VIEWS.find((each) => each.id === asked)?.id ?? VIEWS[0].id;
  const choose = (next: string) => {
    writeCookie(VIEW_COOKIE, next);
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('tab', next);
      return copy;
    }, { replace: true });
  };

  let body;
  if (!data) body = isError ? <Alert severity="error">Unable to retrieve the network topology.</Alert> : <CircularProgress aria-label="Loading" size={28} />;
  else if (!data.networks.length) body = <Alert severity="info" className="nodata">{NO_INFO}</Alert>;
  else body = view === 'topology_tabs__graph' ? <GraphView data={data} actions={actions.balloon} /> : <FlatView data={data} actions={actions.balloon} />;

  return (
    <Box component="section" id="networktopology">
      <PageHeading title="Network Topology">
        {actions.toolbar.launch && (
          <Button variant="outlined" startIcon={<CloudUploadIcon />} component={RouterLink} to={LAUNCH_FROM_TOPOLOGY}>
            Launch Instance
          </Button>
        )}
        {actions.toolbar.createNetwork && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={actions.toolbar.createNetwork}>
            Create Network
          </Button>
        )}
        {actions.toolbar.createRouter && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={actions.toolbar.createRouter}>
            Create Router
          </Button>
        )}
      </PageHeading>
      <Tabs value={view} onChange={(_event, next: string) => choose(next)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {VIEWS.map((each) => (
          <Tab key={each.id} value={each.id} label={each.label} />
        ))}
      </Tabs>
      {body}
      {actions.dialogs}
    </Box>
  );
}
