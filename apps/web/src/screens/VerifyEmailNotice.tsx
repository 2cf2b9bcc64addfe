import { buildPath } from '@matnat/core';
import { Button, useSession } from '@matnat/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';
import { useFormSubmit } from '../shell/useFormSubmit';

/** verification.notice: where the link went, and a button that mails a new one (throttled by the server). */
export default function VerifyEmailNotice() {
  const { user } = useSession();
  const action = useFormSubmit();
  const [sent, setSent] = useState<string | null>(null);

  async function resend() {
    setSent(null);
    await action.run(() => matnat.mutations.account.resendVerification(), {
      onDone: (answer) =>
        setSent(
          (answer as { message?: string } | undefined)?.message ?? 'En ny verifieringslänk har skickats.',
        ),
    });
  }

  if (user?.email_verified_at) {
    return (
      <section>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Din e-postadress är verifierad</h1>
        <Link to={buildPath('dashboard.index')} className="text-teal-800 underline">
          Till dina dashboards
        </Link>
      </section>
    );
  }
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Verifiera din e-postadress</h1>
      <p className="mb-4 text-slate-700">
        Vi har skickat en länk till <strong>{user?.email}</strong>. Öppna länken i mejlet för att verifiera
        adressen. Länken gäller i 60 minuter.
      </p>
      <FormMessage tone="error">{action.general}</FormMessage>
      <FormMessage tone="success">{sent}</FormMessage>
      <Button type="button" variant="secondary" disabled={action.busy} onClick={resend} className="w-full">
        {action.busy ? 'Skickar…' : 'Skicka en ny länk'}
      </Button>
      <p className="mt-6 text-sm">
        <Link to={buildPath('dashboard.index')} className="text-teal-800 underline">
          Fortsätt till dina dashboards
        </Link>
      </p>
    </section>
  );
}
