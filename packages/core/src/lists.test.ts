import { describe, expect, it } from 'vitest';
import { compareSwedish, deviceLabel, sortAlerts, sortDashboards, sortDevices } from './lists';

const device = (title: string | null, external_device_id: string) => ({ title, external_device_id });

describe('lists', () => {
  it('spec §9: devices are sorted by title, or by external_device_id if the title is missing', () => {
    const devices = [
      device('Växthus', 'eui-3'),
      device(null, 'b-eui'),
      device('Källare', 'eui-1'),
      device('', 'a-eui'),
      device('   ', 'c-eui'),
    ];
    expect(sortDevices(devices).map(deviceLabel)).toEqual(['a-eui', 'b-eui', 'c-eui', 'Källare', 'Växthus']);
    expect(devices[0]?.title).toBe('Växthus');
  });

  it('Swedish collation: å, ä and ö come after z', () => {
    const titles = ['Öland', 'Zinkgruvan', 'Åre', 'Ängelholm', 'Arvika', 'Östersund'];
    expect(sortDevices(titles.map((title, i) => device(title, `eui-${i}`))).map(deviceLabel)).toEqual([
      'Arvika',
      'Zinkgruvan',
      'Åre',
      'Ängelholm',
      'Öland',
      'Östersund',
    ]);
    expect(compareSwedish('ö', 'z')).toBeGreaterThan(0);
  });

  it('numbers in names sort by value', () => {
    const titles = ['Spjut 10', 'Spjut 2', 'Spjut 1'];
    expect(sortDevices(titles.map((title) => device(title, title))).map(deviceLabel)).toEqual([
      'Spjut 1',
      'Spjut 2',
      'Spjut 10',
    ]);
  });

  it('spec §9: alerts are sorted by name', () => {
    const alerts = [{ name: 'Ölkyl varm' }, { name: 'Frys' }, { name: 'avfukt' }];
    expect(sortAlerts(alerts).map((alert) => alert.name)).toEqual(['avfukt', 'Frys', 'Ölkyl varm']);
  });
});

describe('sortDashboards', () => {
  it('sorts dashboards by title in Swedish collation (å, ä, ö after z; numbers by value)', () => {
    const dashboards = [
      { title: 'Ölkyl' },
      { title: 'Zon 10' },
      { title: 'Åker' },
      { title: 'Zon 2' },
      { title: 'bastu' },
    ];
    expect(sortDashboards(dashboards).map((d) => d.title)).toEqual([
      'bastu',
      'Zon 2',
      'Zon 10',
      'Åker',
      'Ölkyl',
    ]);
  });
});
