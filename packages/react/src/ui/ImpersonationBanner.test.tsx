import { createMatnatClient } from '@matnat/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatnatProvider } from '../provider';
import { testClient, testSession, testUser } from '../testing/fakeClient';
import { fakeFetch } from '../testing/fakeFetch';
import { renderStrict } from '../testing/render';
import { ImpersonationBanner } from './ImpersonationBanner';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const anna = testUser({
  id: 2,
  name: 'Anna Andersson',
  impersonator: { user_id: 1, name: 'Admin Adminsson' },
});

describe('ImpersonationBanner (spec §2, §4 Impersonation)', () => {
  it("spec §2: 'Du är just nu inloggad som {name}' with a button 'Återgå till {name}'", () => {
    const onRevert = vi.fn();
    renderStrict(<ImpersonationBanner userName="Anna" impersonatorName="Admin" onRevert={onRevert} />);
    expect(screen.getByText('Du är just nu inloggad som Anna')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Återgå till Admin' }));
    expect(onRevert).toHaveBeenCalledTimes(1);
  });

  it('spec §4 Impersonation: the banner reverts through the session (which refetches the user)', async () => {
    const session = testSession({ user: anna });
    renderStrict(
      <MatnatProvider client={testClient({ session })}>
        <ImpersonationBanner />
      </MatnatProvider>,
    );
    expect(screen.getByText('Du är just nu inloggad som Anna Andersson')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Återgå till Admin Adminsson' }));
    });
    expect(session.calls.revert).toBe(1);
    act(() => session.set({ user: testUser({ id: 1, name: 'Admin Adminsson' }) }));
    expect(screen.queryByText(/Du är just nu inloggad som/)).toBeNull();
  });

  it('spec §4 Impersonation: with the core session, revert refetches the current user and goes to admin.users after 0.5 s', async () => {
    vi.useFakeTimers();
    const admin = {
      id: 1,
      name: 'Admin Adminsson',
      email: 'admin@matnat.se',
      photo_url: null,
      initials: 'AA',
      is_admin: true,
      has_set_password: true,
    };
    let me: object = {
      ...admin,
      id: 2,
      name: 'Anna Andersson',
      is_admin: false,
      impersonator: { user_id: 1, name: 'Admin Adminsson' },
    };
    const api = fakeFetch({
      'GET /api/me': () => ({ body: { data: me } }),
      'POST /api/v1/user/1/impersonate/revert': () => {
        me = admin;
        return { status: 204 };
      },
    });
    const navigate = vi.fn();
    const client = createMatnatClient({
      platform: { fetch: api.fetch, storage: null },
      readCookie: () => 't',
      navigate,
    });
    await client.session.fetchMe();
    renderStrict(
      <MatnatProvider client={client}>
        <ImpersonationBanner />
      </MatnatProvider>,
    );
    expect(screen.getByText('Du är just nu inloggad som Anna Andersson')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Återgå till Admin Adminsson' }));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/v1/user/1/impersonate/revert');
    expect(screen.queryByText(/Du är just nu inloggad som/)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(navigate).toHaveBeenCalledWith('admin.users');
    client.dispose();
  });

  it('shows nothing when nobody is impersonated', () => {
    const { container } = renderStrict(
      <MatnatProvider
        client={testClient({ session: testSession({ user: testUser({ id: 1, name: 'Erik' }) }) })}
        root={false}
      >
        <ImpersonationBanner />
      </MatnatProvider>,
    );
    expect(container.innerHTML).toBe('');
  });
});
