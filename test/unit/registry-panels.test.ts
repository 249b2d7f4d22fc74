import { describe, expect, it } from 'vitest';
import image from '../../resources/image';
import network from '../../resources/network';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { backToList, createRegistry, detailLink } from '../../src/engine/registry';

describe('extra panels of one resource (spec 2 §2.1, §2.2)', () => {
  it('lists images at /project/images and /admin/images while the details route stays one', () => {
    const registry = createRegistry([image]);
    expect(registry.all.map((view) => view.panel?.path)).toEqual(['/project/images', '/admin/images']);
    expect(registry.byType('OS::Glance::Image')?.panel?.path).toBe('/project/images');
  });

  it('refuses two panels on one path', () => {
    const clash = { ...image, name: 'other', type: 'OS::Other', extraPanels: [{ dashboard: 'admin', label: 'X', path: '/project/images' }] } as AnyResourceDescriptor;
    expect(() => createRegistry([clash])).toThrow('Two panels use /project/images');
  });

  it('links admin rows with nav back to the admin list, and project rows without it', () => {
    const [project, admin] = createRegistry([image]).all;
    expect(detailLink(project, 'i1')).toBe('/ngdetails/OS::Glance::Image/i1');
    expect(detailLink(admin, 'i1')).toBe('/ngdetails/OS::Glance::Image/i1?nav=%2Fadmin%2Fimages');
  });

  it('leads back to the nav list only when it is one of the resource\'s panels', () => {
    expect(backToList(image, '/admin/images')).toEqual({ path: '/admin/images', label: 'Images' });
    expect(backToList(image, 'https://evil.example/')).toEqual({ path: '/project/images', label: 'Images' });
    expect(backToList(image, null)?.path).toBe('/project/images');
  });

  it('pages an admin panel on the server while the project panel of the same resource lists whole (panel paging)', () => {
    const [project, admin] = createRegistry([network]).all;
    expect(project.paging).toBeUndefined();
    expect(admin.panel?.path).toBe('/admin/networks');
    expect(admin.paging).toBe('server');
    expect(admin.panel?.filter).toEqual({ all_tenants: 'true' });
  });
});
