import { buildPath, compareSwedish, type User } from '@matnat/core';
import { Avatar, Button, useQuery, useSession } from '@matnat/react';
import { useNavigate } from 'react-router';
import { matnat } from '../../matnat';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { InviteForm } from './InviteForm';

/** Spec §7: GET /api/v1/user sorted by name; kept in Swedish collation here too (å, ä, ö after z). */
function byName(users: readonly User[]): User[] {
  return [...users].sort((a, b) => compareSwedish(a.name, b.name));
}

function teamNames(user: User): string {
  const names = (user.teams ?? []).map((team) => team.name).sort(compareSwedish);
  return names.length ? names.join(', ') : 'Inget team';
}

/** One user: name, e-mail, teams; admin switch (not for oneself) and "act as" (not for admins). */
function UserRow({ user, self }: { user: User; self: boolean }) {
  const navigate = useNavigate();
  const action = useFormSubmit();
  const busy = action.busy;
  const error = action.general;

  const toggleAdmin = () =>
    action.run(() => matnat.mutations.users.update(user.id, { is_admin: !user.is_admin }), {
      toast: user.is_admin ? `${user.name} är inte längre administratör` : `${user.name} är nu administratör`,
    });
  const impersonate = async () => {
    if (await action.run(() => matnat.session.impersonate(user.id))) navigate(buildPath('dashboard.index'));
  };

  return (
    <li className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center">
      <Avatar name={user.name} photoUrl={user.photo_url} initials={user.initials} />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {user.name}
          {user.is_admin && (
            <span className="ml-2 rounded bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-800">
              Admin
            </span>
          )}
        </p>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
        <p className="text-sm text-slate-600">Team: {teamNames(user)}</p>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={busy || self}
          aria-pressed={user.is_admin}
          title={self ? 'Du kan inte ändra din egen roll' : undefined}
          onClick={toggleAdmin}
        >
          {user.is_admin ? 'Ta bort admin' : 'Gör till admin'}
        </Button>
        {!user.is_admin && (
          <Button disabled={busy} onClick={impersonate}>
            Logga in som {user.name}
          </Button>
        )}
      </div>
    </li>
  );
}

/** admin.users (Användare): every user with their teams, invite to a team, roles, impersonation. */
export default function AdminUsers() {
  const users = useQuery(matnat.queries.users());
  const teams = useQuery(matnat.queries.teams());
  const me = useSession().user;
  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Användare</h1>
        <p className="text-slate-600">Visa användarna i systemet, bjud in nya och agera som en användare.</p>
      </header>
      <InviteForm teams={teams.data ?? []} />
      {users.isError && (
        <p role="alert" className="text-red-800">
          Användarna kunde inte hämtas. Försök igen.
        </p>
      )}
      {users.isPending && <p className="text-slate-600">Laddar…</p>}
      <ul aria-label="Användare" className="space-y-3">
        {byName(users.data ?? []).map((user) => (
          <UserRow key={user.id} user={user} self={user.id === me?.id} />
        ))}
      </ul>
    </section>
  );
}
