import Link from '@mui/material/Link';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SwiftObjectRecord } from '../../dataProviders/swift';
import type { TimeZoneSpec } from '../../src/utils/dates';
import { formatMediumDate } from '../../src/utils/dates';
import { formatBytes } from '../../src/utils/units';
import { containerRoute } from './paths';
import { TEXTS } from './texts';

interface ObjectRowProps {
  item: SwiftObjectRecord;
  container: string;
  checked: boolean;
  zone: TimeZoneSpec;
  onToggle: (id: string) => void;
  onMenu: (anchor: HTMLElement, item: SwiftObjectRecord) => void;
}

/**
 * A row of the objects table (spec 2 §2.3: Name, folders as links; Size,
 * 'Folder' for a folder; the date; the row menu). Drawn again only when its
 * own props change: a page holds 200 rows, and the table's other state (the
 * menu, a modal, one checkbox, the zone list or a refetch's progress bar
 * arriving) drew them all again.
 */
export const ObjectRow = memo(function ObjectRow({ item, container, checked, zone, onToggle, onMenu }: ObjectRowProps) {
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={`Select ${item.name}`} checked={checked} onChange={() => onToggle(item.id)} />
      </td>
      <td className="name">
        {item.is_subdir ? (
          <Link component={RouterLink} to={containerRoute(container, item.path)}>
            {item.name}
          </Link>
        ) : (
          item.name
        )}
      </td>
      <td>{item.is_subdir ? TEXTS.folder : formatBytes(item.bytes)}</td>
      <td className="date">{item.last_modified ? formatMediumDate(`${item.last_modified}Z`, zone) : ''}</td>
      <td>
        {/* A plain button: a page holds hundreds of rows, and MUI's IconButton costs each one its ripple and styles. */}
        <button type="button" className="row-menu" aria-label={`Actions for ${item.name}`} onClick={(event) => onMenu(event.currentTarget, item)}>
          ⋮
        </button>
      </td>
    </tr>
  );
});
