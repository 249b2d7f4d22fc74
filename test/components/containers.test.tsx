import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRoute, renderWithApi, reply } from '../support/fake-api';

/**
 * The containers screen (spec 2 §2.1, §2.3, §4, §5, §8) over the real data
 * provider and HTTP helper: what the browser sends for each choice, and what
 * the user sees. Uploads and folder creation go through XMLHttpRequest
 * (progress), faked below.
 */
const SERVICES = ['identity', 'compute', 'image', 'volumev3', 'network', 'object-store'];

const details = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  container_object_count: '2',
  container_bytes_used: '2048',
  timestamp: '2026-11-20T10:00:00.000',
  data: null,
  is_public: false,
  storage_policy: { name: 'gold' },
  public_url: null,
  ...overrides,
});
const file = (path: string, bytes = 10) => ({ path, name: path.split('/').pop(), bytes, is_subdir: false, is_object: true, content_type: 'text/plain', last_modified: '2026-11-20T10:00:00.000' });
const folder = (path: string) => ({ path, name: path.replace(/\/$/, '').split('/').pop(), bytes: 0, is_subdir: true, is_object: false, content_type: 'application/pseudo-folder' });

function open(path: string, routes: Record<string, ApiRoute> = {}) {
  return renderWithApi({
    path,
    services: SERVICES,
    routes: {
      'GET /api/swift/containers/': () => ({ items: [{ name: 'photos', count: 2, bytes: 2048 }, { name: 'logs', count: 0, bytes: 0 }], has_more: false }),
      'GET /api/swift/containers/:c/metadata/': (_request, { c }) => (c === 'photos' || c === 'logs' ? details(c) : reply(404, 'Not Found')),
      'GET /api/swift/containers/:c/objects/': () => ({ items: [folder('docs/'), file('a.txt')], has_more: false, next_marker: null }),
      'GET /api/swift/policies/': () => ({ policies: [{ name: 'silver' }, { name: 'gold', default: true }] }),
      'GET /api/timezones/': () => ({ timezone_dict: { UTC: '+0000' } }),
      ...routes,
    },
  });
}

async function findAlert(text: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(text))).toBe(true), { timeout: 5000 });
}

/** What a fake XMLHttpRequest was sent: the multipart form of an upload or a folder. */
interface SentForm {
  method: string;
  url: string;
  form: FormData;
  headers: Record<string, string>;
}
let sentForms: SentForm[] = [];
let xhrStatus = 201;
let holdXhr: Promise<void> | null = null;

class FakeXhr {
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  private sent: Omit<SentForm, 'form'> = { method: '', url: '', headers: {} };
  open(method: string, url: string) {
    this.sent = { method, url, headers: {} };
  }
  setRequestHeader(name: string, value: string) {
    this.sent.headers[name] = value;
  }
  getResponseHeader() {
    return xhrStatus >= 400 ? 'application/json' : null;
  }
  send(body: FormData) {
    sentForms.push({ ...this.sent, form: body });
    void (async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (holdXhr) await holdXhr;
      this.status = xhrStatus;
      this.responseText = xhrStatus >= 400 ? JSON.stringify('Swift refused') : '';
      this.onload?.();
    })();
  }
}

beforeEach(() => {
  sentForms = [];
  xhrStatus = 201;
  holdXhr = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('Containers screen (spec 2 §2.3)', { timeout: 30_000 }, () => {
  it('lists the containers beyond the first page (1,000 on the server) a page at a time, asking for the page after the last name shown', async () => {
    // The screen shows what a page holds; pages of 3 stand in for the server's 1,000 (api-contract §9).
    const names = ['box-0', 'box-1', 'box-2', 'box-3'];
    const api = open('/project/containers', {
      'GET /api/swift/containers/': (request) => {
        const marker = request.query.get('marker');
        const rest = marker ? names.filter((name) => name > marker) : names;
        const page = rest.slice(0, 3);
        return { items: page.map((name) => ({ name, count: 0, bytes: 0 })), has_more: rest.length > 3, next_marker: rest.length > 3 ? page.at(-1) : null };
      },
    });
    const list = await screen.findByRole('list', { name: 'Container list' }, { timeout: 25_000 });
    await within(list).findByText('box-2');
    expect(within(list).queryByText('box-3')).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Container pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await within(list).findByText('box-3');
    expect(within(list).queryByText('box-0')).toBeNull();
    expect(api.requests.filter((request) => request.path === '/api/swift/containers/').map((request) => request.query.get('marker'))).toEqual([null, 'box-2']);
    expect(within(pages).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    await within(list).findByText('box-0');
  });

  it('lists the containers, and shows the selected container\'s count, size, storage policy and access with the objects of its top folder', async () => {
    const api = open('/project/containers/container/photos');
    // The first render of the file loads the screen's modules: slow on a loaded machine.
    const info = await screen.findByRole('list', { name: 'photos details' }, { timeout: 25_000 });
    expect(info.textContent).toContain('Object Count2');
    expect(info.textContent).toContain('Size2.00 KB');
    expect(info.textContent).toContain('Storage Policygold');
    expect(info.textContent).toContain('Public Access');
    expect(info.textContent).toContain('Disabled');
    const table = await screen.findByRole('table', { name: 'Objects of photos' });
    await within(table).findByText('a.txt');
    // A folder is a link and its size is the word Folder (spec 2 §2.3).
    const docs = within(table).getByRole('link', { name: 'docs' });
    expect(docs.getAttribute('href')).toBe('/project/containers/container/photos/docs');
    expect(docs.closest('tr')!.textContent).toContain('Folder');
    expect(within(table).getByText('a.txt').closest('tr')!.textContent).toContain('10 bytes');
    expect(api.requests.find((request) => request.path === '/api/swift/containers/photos/objects/')!.query.get('path')).toBeNull();
  });

  it('opens a folder with one call for its first page (the screen starts it, the table takes its answer), and a folder link with one more', async () => {
    const api = open('/project/containers/container/photos', {
      'GET /api/swift/containers/:c/objects/': (request) =>
        request.query.get('path') === 'docs/' ? { items: [file('docs/inside.txt')], has_more: false, next_marker: null } : { items: [folder('docs/'), file('a.txt')], has_more: false, next_marker: null },
    });
    const table = await screen.findByRole('table', { name: 'Objects of photos' }, { timeout: 25_000 });
    await within(table).findByText('a.txt');
    await screen.findByRole('list', { name: 'photos details' });
    const objectCalls = () => api.requests.filter((request) => request.path === '/api/swift/containers/photos/objects/').map((request) => request.query.toString());
    expect(objectCalls()).toEqual(['limit=200']);
    await api.user.click(within(table).getByRole('link', { name: 'docs' }));
    await within(table).findByText('inside.txt');
    expect(objectCalls()).toEqual(['limit=200', 'path=docs%2F&limit=200']);
  });

  it('opens a folder from its URL with the path as prefix, one breadcrumb per level, each leading to its folder', async () => {
    const api = open('/project/containers/container/photos/docs/2026%20q1', {
      'GET /api/swift/containers/:c/objects/': () => ({ items: [file('docs/2026 q1/r #1.pdf', 4096)], has_more: false, next_marker: null }),
    });
    await screen.findByText('r #1.pdf', undefined, { timeout: 10_000 });
    expect(api.requests.find((request) => request.path === '/api/swift/containers/photos/objects/')!.query.get('path')).toBe('docs/2026 q1/');
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByRole('link', { name: 'photos' }).getAttribute('href')).toBe('/project/containers/container/photos');
    expect(within(crumbs).getByRole('link', { name: 'docs' }).getAttribute('href')).toBe('/project/containers/container/photos/docs');
    expect(within(crumbs).getByText('2026 q1').getAttribute('aria-current')).toBe('page');
  });

  it('creates a container with its name, storage policy and access once the name is checked free, and opens it', async () => {
    const api = open('/project/containers', { 'POST /api/swift/containers/:c/metadata/': () => reply(201) });
    await screen.findByText('Select a container to browse.', undefined, { timeout: 10_000 });
    await api.user.click(screen.getByRole('button', { name: 'Create Container' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Container' });
    const name = within(dialog).getByRole('textbox', { name: 'Container Name' });
    fireEvent.change(name, { target: { value: 'a/b' } });
    expect(within(dialog).getByText('Container name must not contain "/".')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'photos' } });
    expect(await within(dialog).findByText('A container with that name exists.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'new box' } });
    // The default storage policy is preselected; Public is a choice.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Storage Policy' }).textContent).toBe('gold'));
    await api.user.click(within(dialog).getByRole('radio', { name: 'Public' }));
    const submit = within(dialog).getByRole('button', { name: 'Create Container' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await api.user.click(submit);
    await findAlert('Container new box created.');
    expect(api.sent('POST', '/api/swift/containers/new%20box/metadata/')).toEqual([{ is_public: true, storage_policy: 'gold' }]);
    await waitFor(() => expect(api.router.state.location.pathname).toBe('/project/containers/container/new%20box'));
  });

  it('makes a container public (PUT is_public true) and shows its link; a refused change reverts the box and says "Unable to change the container access."', async () => {
    let publicNow = false;
    let refuse = false;
    const api = open('/project/containers/container/photos', {
      'GET /api/swift/containers/:c/metadata/': () => details('photos', publicNow ? { is_public: true, public_url: 'http://swift/v1/AUTH_p/photos' } : {}),
      'PUT /api/swift/containers/:c/metadata/': (request) => {
        if (refuse) return reply(500, 'broken');
        publicNow = (request.body as { is_public: boolean }).is_public;
        return reply(204);
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Public Access' }, { timeout: 10_000 });
    await api.user.click(box);
    await findAlert('Container photos is now public.');
    expect(api.sent('PUT', '/api/swift/containers/photos/metadata/')).toEqual([{ is_public: true }]);
    expect((await screen.findByRole('link', { name: 'Link' })).getAttribute('href')).toBe('http://swift/v1/AUTH_p/photos');
    refuse = true;
    await api.user.click(screen.getByRole('checkbox', { name: 'Public Access' }));
    await findAlert('Unable to change the container access.');
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Public Access' }) as HTMLInputElement).checked).toBe(true));
  });

  it('deletes a container after "Are you sure you want to delete container photos?", and shows the server\'s 409 message when it is not empty', async () => {
    let conflict = true;
    const api = open('/project/containers/container/photos', {
      'DELETE /api/swift/containers/:c/metadata/': () => (conflict ? reply(409, 'The container cannot be deleted since it is not empty.') : reply(204)),
    });
    const remove = async () => {
      await api.user.click(await screen.findByRole('button', { name: 'Delete Container photos' }, { timeout: 10_000 }));
      const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
      expect(confirm.textContent).toContain('Are you sure you want to delete container photos?');
      await api.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    };
    await remove();
    await findAlert('The container cannot be deleted since it is not empty.');
    conflict = false;
    await remove();
    await findAlert('Container photos deleted.');
    expect(api.calls('DELETE')).toEqual(['/api/swift/containers/photos/metadata/', '/api/swift/containers/photos/metadata/']);
    await waitFor(() => expect(api.router.state.location.pathname).toBe('/project/containers'));
  });

  it('uploads a file into the folder as a multipart POST with progress, refusing a name that exists as Horizon does', async () => {
    let release!: () => void;
    holdXhr = new Promise((resolve) => (release = resolve));
    const api = open('/project/containers/container/photos/docs', {
      'GET /api/swift/containers/:c/metadata/:d/:o': (_request, { o }) => (o === 'taken.txt' ? { name: 'docs/taken.txt', bytes: '1' } : reply(404, 'Not Found')),
    });
    await api.user.click(await screen.findByRole('button', { name: 'Upload File' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload File To: photos: docs/' });
    const chosen = new File(['hello world'], 'taken.txt', { type: 'text/plain' });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [chosen] } });
    expect(await within(dialog).findByText('This name already exists.')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Upload File' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'File Name' }), { target: { value: 'new notes.txt' } });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await api.user.click(submit);
    expect(await screen.findByText('Uploading 50%')).toBeTruthy();
    release();
    await findAlert('File new notes.txt uploaded.');
    expect(sentForms).toHaveLength(1);
    const [{ method, url, form, headers }] = sentForms;
    expect([method, url]).toEqual(['POST', '/api/swift/containers/photos/object/docs/new%20notes.txt']);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(form.get('file')).toBeInstanceOf(File);
    expect([(form.get('file') as File).name, (form.get('file') as File).size]).toEqual(['taken.txt', 11]);
    expect(JSON.parse(String(form.get('$$originalJSON')))).toMatchObject({ name: 'docs/new notes.txt', container: 'photos' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "Unable to upload the object." when the upload fails, and hides the progress', async () => {
    xhrStatus = 500;
    const api = open('/project/containers/container/photos', { 'GET /api/swift/containers/:c/metadata/:o': () => reply(404, 'Not Found') });
    await api.user.click(await screen.findByRole('button', { name: 'Upload File' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload File To: photos' });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [new File(['x'], 'x.bin')] } });
    const submit = within(dialog).getByRole('button', { name: 'Upload File' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await api.user.click(submit);
    await findAlert('Unable to upload the object.');
    expect(screen.queryByText(/Uploading/)).toBeNull();
  });

  it('creates a folder as a POST on the folder path ending with "/" and no file', async () => {
    const api = open('/project/containers/container/photos/docs');
    await api.user.click(await screen.findByRole('button', { name: 'Create Folder' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Folder In: photos: docs/' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Folder Name' }), { target: { value: 'q 2' } });
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Folder' }));
    await findAlert('Folder q 2 created.');
    expect(sentForms.map(({ method, url, form }) => [method, url, form.get('file')])).toEqual([['POST', '/api/swift/containers/photos/object/docs/q%202/', null]]);
  });

  it('copies an object to an existing container and a free name, then shows the destination folder', async () => {
    const api = open('/project/containers/container/photos', {
      'GET /api/swift/containers/:c/metadata/:d/:o': () => reply(404, 'Not Found'),
      'POST /api/swift/containers/:c/copy/:o': () => reply(201),
    });
    await api.user.click(await screen.findByRole('button', { name: 'Actions for a.txt' }, { timeout: 10_000 }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Object: photos/a.txt' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Destination Container' }), { target: { value: 'nowhere' } });
    expect(await within(dialog).findByText('This container does not exist.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Destination Container' }), { target: { value: 'logs' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Destination Object' }), { target: { value: 'old/a copy.txt' } });
    const submit = within(dialog).getByRole('button', { name: 'Copy Object' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await api.user.click(submit);
    await findAlert('Object old/a copy.txt has copied.');
    expect(api.sent('POST', '/api/swift/containers/photos/copy/a.txt')).toEqual([{ dest_container: 'logs', dest_name: 'old/a copy.txt' }]);
    await waitFor(() => expect(api.router.state.location.pathname).toBe('/project/containers/container/logs/old'));
  });

  it('offers Download, View Details, Edit, Copy and Delete on an object, only Delete on a folder, and no Copy for an empty object', async () => {
    const api = open('/project/containers/container/photos', {
      'GET /api/swift/containers/:c/objects/': () => ({ items: [folder('docs/'), file('a.txt'), file('empty.txt', 0)], has_more: false, next_marker: null }),
    });
    const items = async (name: string) => {
      await api.user.click(await screen.findByRole('button', { name: `Actions for ${name}` }, { timeout: 10_000 }));
      const menu = await screen.findByRole('menu');
      const names = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
      const download = within(menu).queryByRole('menuitem', { name: 'Download' });
      await api.user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return { names, href: download?.getAttribute('href') };
    };
    const object = await items('a.txt');
    expect(object.names).toEqual(['Download', 'View Details', 'Edit', 'Copy', 'Delete']);
    // Download is a plain navigation to the object's URL (api-contract §9).
    expect(object.href).toBe('/api/swift/containers/photos/object/a.txt');
    expect((await items('docs')).names).toEqual(['Delete']);
    expect((await items('empty.txt')).names).toEqual(['Download', 'View Details', 'Edit', 'Delete']);
  });

  it('deletes a folder with what is in it: discovery counts files and folders, then files go first and folders deepest first, a 404 on a folder counting as deleted', async () => {
    const listings: Record<string, unknown[]> = {
      'docs/': [file('docs/a.txt'), folder('docs/deep/')],
      'docs/deep/': [file('docs/deep/b.txt')],
    };
    const api = open('/project/containers/container/photos', {
      'GET /api/swift/containers/:c/objects/': (request) => ({ items: request.query.get('path') ? listings[request.query.get('path')!] : [folder('docs/'), file('a.txt')], has_more: false, next_marker: null }),
      'DELETE /api/swift/containers/:c/object/:o': () => reply(204),
      'DELETE /api/swift/containers/:c/object/:d/:o': () => reply(204),
      'DELETE /api/swift/containers/:c/object/:d/:e/:o': () => reply(204),
      'DELETE /api/swift/containers/:c/object/:d/:e/': () => reply(404, 'Not Found'),
      'DELETE /api/swift/containers/:c/object/:d/': () => reply(204),
    });
    await api.user.click(await screen.findByRole('checkbox', { name: 'Select docs' }, { timeout: 10_000 }));
    await api.user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Files in photos' });
    await waitFor(() => expect(dialog.textContent).toContain('Collecting information for deletion: 2 files in 2 folders.'));
    await api.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = api.calls('DELETE');
    expect(deletes.slice(0, 2).sort()).toEqual(['/api/swift/containers/photos/object/docs/a.txt', '/api/swift/containers/photos/object/docs/deep/b.txt']);
    expect(deletes.slice(2)).toEqual(['/api/swift/containers/photos/object/docs/deep/', '/api/swift/containers/photos/object/docs/']);
  });

  it('says "Unable to delete the folder because it is not empty." when Swift refuses the folder (409: filled after discovery), once, and keeps the dialog with the failure count', async () => {
    const api = open('/project/containers/container/photos', {
      'GET /api/swift/containers/:c/objects/': (request) => ({ items: request.query.get('path') ? [file('docs/a.txt')] : [folder('docs/'), file('a.txt')], has_more: false, next_marker: null }),
      'DELETE /api/swift/containers/:c/object/:d/:o': () => reply(204),
      'DELETE /api/swift/containers/:c/object/:d/': () => reply(409, 'The pseudo folder cannot be deleted since it is not empty.'),
    });
    await api.user.click(await screen.findByRole('button', { name: 'Actions for docs' }, { timeout: 10_000 }));
    await api.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Files in photos' });
    await waitFor(() => expect(dialog.textContent).toContain('1 files in 1 folders.'));
    await api.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findAlert('Unable to delete the folder because it is not empty.');
    await within(dialog).findByText('Encountered 1 failures.');
    expect(screen.getAllByRole('alert').filter((alert) => alert.textContent?.includes('Unable to delete'))).toHaveLength(1);
    expect(api.calls('DELETE')).toEqual(['/api/swift/containers/photos/object/docs/a.txt', '/api/swift/containers/photos/object/docs/']);
  });

  it('pages a big folder on the server: Next asks for the page after the last name, Previous goes back', async () => {
    // Three rows a page stand in for 200 (jsdom renders slowly); the request still asks for 200.
    const page = (from: number) => Array.from({ length: 3 }, (_, index) => file(`f${String(from + index).padStart(6, '0')}`));
    const api = open('/project/containers/container/photos', {
      'GET /api/swift/containers/:c/objects/': (request) => ({ items: request.query.get('marker') ? page(3) : page(0), has_more: true, next_marker: null }),
    });
    await screen.findByText('f000000', undefined, { timeout: 10_000 });
    const objectCalls = () => api.requests.filter((request) => request.path === '/api/swift/containers/photos/objects/');
    expect(objectCalls()[0].query.get('limit')).toBe('200');
    await api.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('f000003');
    expect(objectCalls().at(-1)!.query.get('marker')).toBe('f000002');
    await api.user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('f000000');
  });
});
