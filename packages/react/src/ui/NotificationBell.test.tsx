import { createMatnatClient } from '@matnat/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatnatProvider } from '../provider';
import { testClient, testVersionCheck } from '../testing/fakeClient';
import { renderStrict } from '../testing/render';
import { NotificationBell } from './NotificationBell';

afterEach(cleanup);

const bell = () => screen.getByRole('button', { name: 'Notifikationer' });

describe('NotificationBell (spec §2 Navigation, §4 New version flag)', () => {
  it("spec §2: the bell menu shows 'Inga nya notifikationer' when nothing is new", () => {
    renderStrict(<NotificationBell newVersion={false} />);
    fireEvent.click(bell());
    expect(screen.getByText('Inga nya notifikationer')).toBeTruthy();
    expect(screen.queryByTestId('matnat-bell-dot')).toBeNull();
  });

  it("spec §2: when a new version exists it shows 'Ny version tillgänglig! Klicka här för att uppdatera'; clicking it reloads the page", () => {
    const versionCheck = testVersionCheck(false);
    renderStrict(
      <MatnatProvider client={testClient({ versionCheck })}>
        <NotificationBell />
      </MatnatProvider>,
    );
    act(() => versionCheck.set({ hasNewVersion: true, running: false }));
    expect(screen.getByTestId('matnat-bell-dot')).toBeTruthy();
    fireEvent.click(bell());
    expect(screen.queryByText('Inga nya notifikationer')).toBeNull();
    fireEvent.click(
      screen.getByRole('menuitem', { name: 'Ny version tillgänglig! Klicka här för att uppdatera' }),
    );
    expect(versionCheck.reloads.count).toBe(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("issue 21: each notification shows how long ago it came, 'för 5 minuter sedan', as a <time>", () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    renderStrict(
      <NotificationBell
        newVersion={false}
        now={() => now}
        notifications={[
          { id: 1, title: 'Larm: Frost i Abisko', created_at: '2026-11-27T11:55:00.000Z' },
          { id: 2, title: 'Batteriet är lågt', created_at: now - 3 * 3_600_000 },
          { id: 3, title: 'Nyss', created_at: now - 20_000 },
          { id: 4, title: 'Utan tid' },
        ]}
      />,
    );
    fireEvent.click(bell());
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Larm: Frost i Abiskoför 5 minuter sedan',
      'Batteriet är lågtför 3 timmar sedan',
      'Nyssnyss',
      'Utan tid',
    ]);
    expect(items[0]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-27T11:55:00.000Z');
  });

  it('spec §4 New version flag: with the core version check, a changed /index.html turns the entry on and clicking reloads', async () => {
    let page = '<script src="/assets/app-1.js"></script>';
    const reload = vi.fn();
    const client = createMatnatClient({
      platform: {
        fetch: async () => new Response(page, { status: 200 }),
        location: { reload, assign: () => {} },
      },
    });
    renderStrict(
      <MatnatProvider client={client}>
        <NotificationBell />
      </MatnatProvider>,
    );
    await act(async () => {
      await client.versionCheck.check();
    });
    expect(screen.queryByTestId('matnat-bell-dot')).toBeNull();
    page = '<script src="/assets/app-2.js"></script>';
    await act(async () => {
      await client.versionCheck.check();
    });
    expect(screen.getByTestId('matnat-bell-dot')).toBeTruthy();
    fireEvent.click(bell());
    fireEvent.click(
      screen.getByRole('menuitem', { name: 'Ny version tillgänglig! Klicka här för att uppdatera' }),
    );
    expect(reload).toHaveBeenCalledTimes(1);
    client.dispose();
  });

  it('spec §4: notifications are regarded as active if a new version is available or there are notifications', () => {
    renderStrict(<NotificationBell newVersion={false} notifications={[{ id: 1, title: 'Larm: Frys 3' }]} />);
    expect(screen.getByTestId('matnat-bell-dot')).toBeTruthy();
  });

  it('keyboard (menu button): ArrowDown opens and focuses the first item, arrows move, Escape closes and returns focus', () => {
    const onNotificationClick = vi.fn();
    renderStrict(
      <NotificationBell
        newVersion
        onReload={() => {}}
        notifications={[{ id: 7, title: 'Larm: Frys 3' }]}
        onNotificationClick={onNotificationClick}
      />,
    );
    fireEvent.keyDown(bell(), { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'End' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(bell());
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Larm: Frys 3' }));
    expect(onNotificationClick).toHaveBeenCalledWith({ id: 7, title: 'Larm: Frys 3' });
  });

  it('the menu lines up with the end of the bell, or its start on request', () => {
    renderStrict(<NotificationBell newVersion={false} align="start" />);
    fireEvent.click(bell());
    expect(screen.getByText('Inga nya notifikationer').parentElement!.className).toBe(
      'matnat-bell__menu matnat-bell__menu--start',
    );
  });

  it('closes on a click outside and toggles on click', () => {
    renderStrict(
      <>
        <p>utanför</p>
        <NotificationBell newVersion={false} />
      </>,
    );
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('utanför'));
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell());
    fireEvent.click(bell());
    expect(screen.queryByText('Inga nya notifikationer')).toBeNull();
  });
});
