import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { fieldTitle } from '../schema/fields';
import { FieldText } from './FieldText';

/**
 * Fields of one record as a definition list: schema titles, values as text
 * (never HTML), `code` fields in a fixed-width font. Used by expanded table
 * rows (spec 1 §2.2).
 *
 * @example
 * <FieldList descriptor={keypair} record={row} fields={['public_key']} code={['public_key']} />
 */
export function FieldList({ descriptor, record, fields, code = [] }: { descriptor: AnyResourceDescriptor; record: ResourceRecord; fields: readonly string[]; code?: readonly string[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 180px) 1fr' }, columnGap: 3, rowGap: 1 }}>
      {fields.map((field) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {fieldTitle(descriptor, field)}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: code.includes(field) ? 'monospace' : undefined }}
          >
            <FieldText descriptor={descriptor} field={field} value={record[field]} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
