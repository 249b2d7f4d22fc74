import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DetailTabComponentProps } from '../../src/plugins';

interface Output {
  output_key: string;
  description?: string;
  output_value?: unknown;
  output_error?: string;
}

const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value));

/** The Overview's Outputs and Parameters sections (heat-dashboard's _detail_overview.html), under the stack's fields. */
export function StackOverview({ record }: DetailTabComponentProps) {
  const outputs = (record.outputs as Output[] | undefined) ?? [];
  const parameters = (record.parameter_list as { name: string; value: string }[] | undefined) ?? [];
  return (
    <>
      <Typography component="h3" variant="h6" sx={{ mt: 3 }}>
        Outputs
      </Typography>
      <Table size="small" aria-label="Outputs">
        <TableBody>
          {outputs.map((output) => (
            <TableRow key={output.output_key}>
              <TableCell component="th" sx={{ width: '25%', verticalAlign: 'top' }}>
                {output.output_key}
                <Typography variant="body2" color="text.secondary">
                  {output.description}
                </Typography>
              </TableCell>
              <TableCell>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{output.output_error ?? shown(output.output_value)}</pre>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography component="h3" variant="h6" sx={{ mt: 3 }}>
        Stack Parameters
      </Typography>
      <Table size="small" aria-label="Stack Parameters">
        <TableBody>
          {parameters.map((parameter) => (
            <TableRow key={parameter.name}>
              <TableCell component="th" sx={{ width: '25%' }}>
                {parameter.name}
              </TableCell>
              <TableCell>{parameter.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
