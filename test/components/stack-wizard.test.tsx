import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRequest, renderWithApi, reply } from '../support/fake-api';

/**
 * The bodies the Stacks panel sends (issue 19): Launch Stack's validate and
 * create, with the parameters step made from the template; Change Template's
 * update; the Check operation. Through the real data provider and HTTP helper.
 */

const TEMPLATE = 'heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\nresources: {}\n';
const DESCRIBED = {
  Description: 'A test template',
  Parameters: {
    size: { Type: 'Number', Label: 'Size', Description: 'How many', NoEcho: 'false', Default: 8, MinValue: 4, MaxValue: 32, ConstraintDescription: 'Between 4 and 32.' },
    colour: { Type: 'String', Label: 'Colour', Description: '', NoEcho: 'false', AllowedValues: ['red', 'blue'], Default: 'red' },
    secret: { Type: 'String', Label: 'Secret', Description: 'A password', NoEcho: 'true' },
  },
};
const SERVICES = ['identity', 'compute', 'image', 'volumev3', 'network', 'orchestration'];
const STACK = { id: 's-1', stack_name: 'web', stack_status: 'CREATE_COMPLETE', stack_status_reason: '', creation_time: '2026-11-26T09:00:00Z', updated_time: null, parameters: { 'OS::stack_id': 's-1', size: '12', colour: 'blue', secret: '******' } };

async function typeTemplate(api: ReturnType<typeof renderWithApi>) {
  const dialog = await screen.findByRole('dialog', { name: 'Select Template' }, { timeout: 30_000 });
  await api.user.click(within(dialog).getByRole('combobox', { name: 'Template Source' }));
  await api.user.click(await screen.findByRole('option', { name: 'Direct Input' }));
  const data = within(dialog).getByRole('textbox', { name: 'Template Data' });
  await api.user.clear(data);
  await api.user.click(data);
  await api.user.paste(TEMPLATE);
  await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
  return dialog;
}

describe('Launch Stack', { timeout: 60_000 }, () => {
  it("validates the typed template, makes a field per parameter, checks the constraint, and POSTs the stack with the parameters", async () => {
    const api = renderWithApi({
      path: '/project/stacks/launch',
      services: SERVICES,
      routes: {
        'POST /api/heat/validate/': () => DESCRIBED,
        'POST /api/heat/stacks/': () => ({ id: 's-new', stack_name: 'launched' }),
        'GET /api/heat/stacks/': () => ({ items: [] }),
      },
    });
    await typeTemplate(api);
    expect(api.sent('POST', '/api/heat/validate/')).toEqual([{ template: TEMPLATE }]);
    const launch = await screen.findByRole('dialog', { name: 'Launch Stack' });
    const size = within(launch).getByRole('spinbutton', { name: /^Size/ });
    expect((size as HTMLInputElement).value).toBe('8');
    expect(within(launch).getByRole('combobox', { name: /^Colour/ }).textContent).toBe('red');
    expect(within(launch).getByLabelText(/^Secret/).getAttribute('type')).toBe('password');

    await api.user.type(within(launch).getByRole('textbox', { name: /^Stack Name/ }), 'launched');
    await api.user.clear(size);
    await api.user.type(size, '50');
    await api.user.type(within(launch).getByLabelText(/^Secret/), 's3cret');
    await api.user.click(within(launch).getByRole('button', { name: 'Launch' }));
    await within(launch).findByText('Between 4 and 32.');
    expect(api.sent('POST', '/api/heat/stacks/')).toEqual([]);

    await api.user.clear(size);
    await api.user.type(size, '16');
    await api.user.click(within(launch).getByRole('button', { name: 'Launch' }));
    await waitFor(() => expect(api.sent('POST', '/api/heat/stacks/')).toHaveLength(1));
    expect(api.sent('POST', '/api/heat/stacks/')[0]).toEqual({
      stack_name: 'launched',
      template: TEMPLATE,
      parameters: { size: '16', colour: 'red', secret: 's3cret' },
      timeout_mins: 60,
      disable_rollback: true,
    });
    await screen.findByText('Stack creation started.');
  });

  it("shows Heat's message when the template is refused, and stays on the template", async () => {
    const api = renderWithApi({
      path: '/project/stacks/launch',
      services: SERVICES,
      routes: { 'POST /api/heat/validate/': () => reply(400, 'The specified reference "nowhere" (in subnet.Properties.network) is incorrect.') },
    });
    const dialog = await typeTemplate(api);
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The specified reference "nowhere" (in subnet.Properties.network) is incorrect.');
    expect(screen.queryByRole('dialog', { name: 'Launch Stack' })).toBeNull();
  });
});

describe('Preview Stack', { timeout: 60_000 }, () => {
  it('POSTs the template and parameters to preview and shows the resources Heat would make', async () => {
    const api = renderWithApi({
      path: '/project/stacks/preview',
      services: SERVICES,
      routes: {
        'POST /api/heat/validate/': () => ({ Parameters: { size: DESCRIBED.Parameters.size } }),
        'POST /api/heat/stacks/preview/': () => ({
          stack_name: 'looked',
          description: 'A test template',
          resources: [
            { resource_name: 'net', resource_type: 'OS::Neutron::Net', required_by: ['subnet'] },
            { resource_name: 'subnet', resource_type: 'OS::Neutron::Subnet', required_by: [] },
          ],
        }),
      },
    });
    await typeTemplate(api);
    const step = await screen.findByRole('dialog', { name: 'Preview Stack Parameters' });
    await api.user.type(within(step).getByRole('textbox', { name: /^Stack Name/ }), 'looked');
    await api.user.click(within(step).getByRole('button', { name: 'Preview' }));
    const result = await screen.findByRole('dialog', { name: 'Stack Preview' });
    expect(api.sent('POST', '/api/heat/stacks/preview/')).toEqual([{ stack_name: 'looked', template: TEMPLATE, parameters: { size: '8' } }]);
    const rows = within(within(result).getByRole('table', { name: 'Resources' })).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['ResourceTypeRequired By', 'netOS::Neutron::Netsubnet', 'subnetOS::Neutron::Subnet']);
  });
});

describe('Change Stack Template and Check Stack', { timeout: 60_000 }, () => {
  it('starts from the current template and values, and PUTs the new template with them', async () => {
    const api = renderWithApi({
      path: '/project/stacks/s-1/change_template',
      services: SERVICES,
      routes: {
        'GET /api/heat/stacks/:id/': () => STACK,
        'GET /api/heat/stacks/:id/template/': () => ({ heat_template_version: '2018-08-31', resources: {} }),
        'POST /api/heat/validate/': () => DESCRIBED,
        'PUT /api/heat/stacks/:id/': () => reply(204),
        'GET /api/heat/stacks/': () => ({ items: [STACK] }),
      },
    });
    await typeTemplate(api);
    const update = await screen.findByRole('dialog', { name: 'Update Stack Parameters' });
    expect((within(update).getByRole('spinbutton', { name: /^Size/ }) as HTMLInputElement).value).toBe('12');
    // Heat masks a hidden parameter ('******'): the field starts empty, not with the mask.
    expect((within(update).getByLabelText(/^Secret/) as HTMLInputElement).value).toBe('');
    await api.user.type(within(update).getByLabelText(/^Secret/), 'new');
    await api.user.click(within(update).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.sent('PUT', '/api/heat/stacks/s-1/')).toHaveLength(1));
    expect(api.sent('PUT', '/api/heat/stacks/s-1/')[0]).toEqual({ template: TEMPLATE, parameters: { size: '12', colour: 'blue', secret: 'new' } });
    await screen.findByText('Stack update started.');
  });

  it('Check Stack on a row POSTs the check action', async () => {
    const api = renderWithApi({
      path: '/project/stacks',
      services: SERVICES,
      routes: {
        'GET /api/heat/stacks/': () => ({ items: [STACK] }),
        'POST /api/heat/stacks/:id/actions/': (_request: ApiRequest) => reply(204),
        'GET /api/heat/stacks/:id/': () => STACK,
      },
    });
    const table = await screen.findByRole('table', { name: 'Stacks' }, { timeout: 30_000 });
    await api.user.click(await within(table).findByRole('button', { name: 'Actions for web' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Check Stack' }));
    await waitFor(() => expect(api.sent('POST', '/api/heat/stacks/s-1/actions/')).toEqual([{ action: 'check' }]));
    expect(within(table).getByText('Create Complete')).toBeTruthy();
  });
});
