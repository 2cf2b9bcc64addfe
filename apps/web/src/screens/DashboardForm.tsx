import { buildPath, parseFormErrors } from '@matnat/core';
import { Button } from '@matnat/react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { matnat } from '../matnat';
import { TextField } from '../shell/TextField';

type Fields = Record<string, string[]>;

/**
 * dashboard.form (`/dashboard/create`): the title, checked with the contract's schema before it is sent
 * and with the server's 422 per field after; a new dashboard opens at once.
 */
export default function DashboardForm() {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { DashboardCreateBody, toFormErrors } = await import('@matnat/contract');
    const parsed = DashboardCreateBody.safeParse({ title: form.get('title') });
    setGeneral(null);
    if (!parsed.success) {
      setFields(toFormErrors(parsed.error));
      return;
    }
    setFields({});
    setBusy(true);
    try {
      const created = await matnat.dashboards.create(parsed.data);
      navigate(buildPath('dashboard.show', { dashboard_id: created.id }));
    } catch (error) {
      const parsedErrors = parseFormErrors(error);
      setFields(parsedErrors.fields);
      setGeneral(Object.keys(parsedErrors.fields).length ? null : parsedErrors.general);
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto max-w-lg">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Ny dashboard</h1>
      {general && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {general}
        </p>
      )}
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
