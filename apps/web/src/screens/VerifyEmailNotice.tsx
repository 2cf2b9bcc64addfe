import { buildPath, parseFormErrors } from '@matnat/core';
import { Button, useSession } from '@matnat/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';

type Outcome = { tone: 'error' | 'success'; text: string } | null;

/** verification.notice: where the link went, and a button that mails a new one (throttled by the server). */
export default function VerifyEmailNotice() {
  const { user } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const answer = (await matnat.api.auth.resendVerification()) as { message?: string } | undefined;
      setOutcome({ tone: 'success', text: answer?.message ?? 'En ny verifieringslänk har skickats.' });
    } catch (error) {
      setOutcome({ tone: 'error', text: parseFormErrors(error).general ?? '' });
    } finally {
      setBusy(false);
    }
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
      {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      <Button type="button" variant="secondary" disabled={busy} onClick={resend} className="w-full">
        {busy ? 'Skickar…' : 'Skicka en ny länk'}
      </Button>
      <p className="mt-6 text-sm">
        <Link to={buildPath('dashboard.index')} className="text-teal-800 underline">
          Fortsätt till dina dashboards
        </Link>
      </p>
    </section>
  );
}
