import { buildPath } from '@matnat/core';
import { Button } from '@matnat/react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';
import { TextField } from '../shell/TextField';
import { useFormSubmit } from '../shell/useFormSubmit';

/**
 * dashboard.form (`/dashboard/create`): the title, checked with the contract's schema before it is sent
 * and with the server's 422 per field after; a new dashboard opens at once.
 */
export default function DashboardForm() {
  const navigate = useNavigate();
  const form = useFormSubmit({ shown: ['title'] });
  const { fields, general, busy } = form;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const created = await form.submit(
      () => import('@matnat/contract').then((c) => c.DashboardCreateBody),
      { title: new FormData(event.currentTarget).get('title') },
      (body) => matnat.mutations.dashboards.create(body),
    );
    if (created) navigate(buildPath('dashboard.show', { dashboard_id: created.id }));
  }

  return (
    <section className="mx-auto max-w-lg">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Ny dashboard</h1>
      <FormMessage tone="error">{general}</FormMessage>
      <form noValidate onSubmit={submit} className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <TextField name="title" label="Titel" errors={fields.title} autoComplete="off" />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Skapar…' : 'Skapa dashboard'}
          </Button>
          <Link
            to={buildPath('dashboard.index')}
            className="rounded-md px-4 py-2 text-teal-800 underline focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            Avbryt
          </Link>
        </div>
      </form>
    </section>
  );
}
