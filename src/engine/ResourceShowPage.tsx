import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AnyResourceDescriptor, DetailTab, ResourceRecord } from '../descriptor';
import { fieldTitle, formatValue } from '../schema/fields';
import { useActionDialogs } from './ActionDialogs';
import { appliesTo, useAllowedActions } from './actions';
import { useRegistry } from './context';
import { deleteTexts } from './messages';
import { PageHeading } from './PageHeading';
import { useResourceRecord } from './queries';
import { nameOf, NOT_FOUND_PATH } from './registry';

/**
 * The routed details view `/ngdetails/{type}/{id}` (spec 2 §2.2): an unknown
 * type or a 404 goes to the not-found page.
 */
export default function ResourceShowPage() {
  const { type = '', '*': id = '' } = useParams();
  const descriptor = useRegistry().byType(type);
  if (!descriptor?.detail || !id) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <RecordDetails key={`${type}/${id}`} descriptor={descriptor} id={id} />;
}

function RecordDetails({ descriptor, id }: { descriptor: AnyResourceDescriptor; id: string }) {
  const record = useResourceRecord(descriptor, id);
  const navigate = useNavigate();
  const actions = useAllowedActions(descriptor);
  const dialogs = useActionDialogs(descriptor);
  const [params, setParams] = useSearchParams();
  const tabs = descriptor.detail!.tabs;
  const activeTab = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];

  if (record.notFound) return <Navigate to={NOT_FOUND_PATH} replace />;
  const data = record.data;
  const name = data ? nameOf(descriptor, data) : id;
  const listPath = descriptor.panel?.path;

  return (
    <section>
      {listPath && (
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
          <Link component={RouterLink} to={listPath} underline="hover" color="inherit">
            {descriptor.panel!.label}
          </Link>
          <Typography color="text.primary" sx={{ wordBreak: 'break-word' }}>
            {name}
          </Typography>
        </Breadcrumbs>
      )}
      <PageHeading title={name}>
        {data && appliesTo(actions.rowDelete, data) && (
          <Button
            variant="outlined"
            color="error"
            onClick={() =>
              // After a delete from a detail page the list page is the target (spec 2 §2.2).
              dialogs.confirmDelete([data], ({ deleted }) => deleted.length && listPath && navigate(listPath))
            }
          >
            {deleteTexts(descriptor.labels, [name]).submit}
          </Button>
        )}
      </PageHeading>
      <Paper variant="outlined">
        <Tabs value={activeTab.id} onChange={(_event, tab: string) => setParams({ tab }, { replace: true })} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id} label={tab.label} id={`tab-${tab.id}`} aria-controls={`tabpanel-${tab.id}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`tabpanel-${activeTab.id}`} aria-labelledby={`tab-${activeTab.id}`} sx={{ p: 2 }}>
          {data ? <DetailFields descriptor={descriptor} tab={activeTab} record={data} /> : record.isPending && <CircularProgress size={24} aria-label="Loading" />}
        </Box>
      </Paper>
      {dialogs.dialogs}
    </section>
  );
}

function DetailFields({ descriptor, tab, record }: { descriptor: AnyResourceDescriptor; tab: DetailTab<ResourceRecord>; record: ResourceRecord }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 180px) 1fr' }, columnGap: 3, rowGap: 1.5 }}>
      {tab.fields.map((field) => {
        const code = tab.code?.includes(field);
        return (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {fieldTitle(descriptor, field)}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: code ? 'monospace' : undefined, fontSize: code ? 13 : undefined }}
          >
            {formatValue(descriptor, field, record[field])}
          </Typography>
        </Box>
        );
      })}
    </Box>
  );
}

