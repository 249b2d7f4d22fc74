import { describe, expect, it, vi } from 'vitest';
import { loadOptions } from '../../src/forms/option-sources';
import { fakeBackend } from '../support/fake-backend';

describe("the transfer table's option sources", () => {
  it("lists every project for 'projects' (Horizon offers all of them to an admin), not the caller's own", async () => {
    const listProjects = vi.fn(async () => [
      { id: 'p-admin', name: 'admin' },
      { id: 'p-demo', name: 'demo' },
      { id: 'p-other', name: 'other-domain-project' },
    ]);
    const listMyProjects = vi.fn(async () => [{ id: 'p-admin', name: 'admin' }]);
    const items = await loadOptions('projects', fakeBackend({ identity: { listProjects, listMyProjects } }));
    expect(items).toEqual([
      { id: 'p-admin', label: 'admin' },
      { id: 'p-demo', label: 'demo' },
      { id: 'p-other', label: 'other-domain-project' },
    ]);
    expect(listMyProjects).not.toHaveBeenCalled();
  });

  it("lists the roles for 'roles' by name", async () => {
    const items = await loadOptions('roles', fakeBackend({ identity: { listRoles: async () => [{ id: 'r1', name: 'member' }] } }));
    expect(items).toEqual([{ id: 'r1', label: 'member' }]);
  });
});
