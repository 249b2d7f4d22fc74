import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pollInterval, type TopologyData, topologyLinks } from '../../custom/stacks/StackTopology';
import { renderWithApi } from '../support/fake-api';

/** The stack details' Topology tab (spec 1 §4.4, api-contract §12): nodes from get_d3_data, links along required_by, the info box, the polling pace. */

const node = (name: string, status: string, image: string, required_by: string[]) => ({
  name,
  status,
  image,
  required_by,
  image_size: 50,
  image_x: -25,
  image_y: -25,
  text_x: 35,
  text_y: '.35em',
  in_progress: status.includes('IN_PROGRESS'),
  info_box: `<h3>${name}</h3>`,
});
const DATA: TopologyData = {
  stack: { stack_id: 's-1', name: 'web', status: 'CREATE_IN_PROGRESS', image: '/static/heat/img/stack-gray-busy.svg', image_size: 60, image_x: -30, image_y: -30, text_x: 40, text_y: '.35em', in_progress: true, info_box: '<h3>web &lt;b&gt;</h3><p>Create In Progress</p>' },
  nodes: [node('net', 'CREATE_COMPLETE', '/static/heat/img/network-green.svg', ['server']), node('server', 'CREATE_IN_PROGRESS', '/static/heat/img/server-gray-busy.svg', [])],
};

describe('the stack topology', { timeout: 60_000 }, () => {
  it('draws the stack and each resource with its icon and status, and the stack info box as text', async () => {
    const api = renderWithApi({
      path: '/ngdetails/OS::Heat::Stack/s-1',
      services: ['identity', 'compute', 'network', 'orchestration'],
      routes: {
        'GET /api/heat/stacks/:id/': () => ({ id: 's-1', stack_name: 'web', stack_status: 'CREATE_IN_PROGRESS', parameters: {} }),
        'GET /project/stacks/get_d3_data/:id/': () => DATA,
      },
    });
    const drawing = await screen.findByTestId('stack-topology', {}, { timeout: 30_000 });
    await waitFor(() => expect(drawing.querySelectorAll('[data-node]')).toHaveLength(3));
    const server = drawing.querySelector('[data-node="server"]')!;
    expect(server.getAttribute('data-status')).toBe('CREATE_IN_PROGRESS');
    expect(server.querySelector('image')!.getAttribute('href')).toBe('/static/heat/img/server-gray-busy.svg');
    // The server's info box escapes names: the stack name shows as text, no element made of it.
    const info = screen.getByTestId('stack-topology-info');
    expect(info.querySelector('h3')!.textContent).toBe('web <b>');
    expect(info.querySelector('b')).toBeNull();
    expect(api.calls('GET')).toContain('/project/stacks/get_d3_data/s-1/');
  });

  it('links a resource to what requires it, and one nothing requires to the stack', () => {
    expect(topologyLinks(DATA)).toEqual([
      { source: 'net', target: 'server' },
      { source: 'server', target: 'web' },
    ]);
  });

  it('reads again every 3 s while the stack is in progress and every 30 s once it settled', () => {
    expect(pollInterval(DATA)).toBe(3000);
    expect(pollInterval({ ...DATA, stack: { ...DATA.stack, in_progress: false } })).toBe(30_000);
  });
});
