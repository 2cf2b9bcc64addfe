import { buildPath, parseFormErrors } from '@matnat/core';
import { useSession } from '@matnat/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { matnat } from '../matnat';
import { FormMessage } from '../shell/FormMessage';

type State = { status: 'checking' } | { status: 'verified' } | { status: 'refused'; message: string };

/**
 * verification.verify: the mailed link `/verifiera-epost/{id}/{hash}?expires&signature`. The signature is
 * checked by the server (it holds the key), so the screen sends the link on and reports the answer.
 */
export default function VerifyEmail() {
  const { id = '', hash = '' } = useParams();
  const [query] = useSearchParams();
  const { isLoggedIn } = useSession();
  const [state, setState] = useState<State>({ status: 'checking' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const link = { expires: Number(query.get('expires')) || 0, signature: query.get('signature') ?? '' };
    matnat.mutations.account
      .verifyEmail(id, hash, link)
      .then(async () => {
        if (matnat.session.isLoggedIn()) await matnat.session.fetchMe().catch(() => undefined);
        setState({ status: 'verified' });
      })
      .catch((error: unknown) =>
        setState({ status: 'refused', message: parseFormErrors(error).general ?? '' }),
      );
  }, [id, hash, query]);

  if (state.status === 'checking') {
    return (
      <section aria-busy="true">
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">Verifierar e-postadressen…</h1>
      </section>
    );
  }
  const next = isLoggedIn
    ? { to: buildPath('dashboard.index'), text: 'Till dina dashboards' }
    : { to: buildPath('login'), text: 'Logga in' };
  if (state.status === 'verified') {
    return (
      <section>
        <h1 className="mb-4 text-2xl font-semibold text-slate-900">E-postadressen är verifierad</h1>
        <FormMessage tone="success">Tack! Din e-postadress är nu verifierad.</FormMessage>
        <Link to={next.to} className="text-teal-800 underline">
          {next.text}
        </Link>
      </section>
    );
  }
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Länken fungerade inte</h1>
      <FormMessage tone="error">{state.message}</FormMessage>
      <Link to={isLoggedIn ? buildPath('verification.notice') : next.to} className="text-teal-800 underline">
        {isLoggedIn ? 'Skicka en ny länk' : next.text}
      </Link>
    </section>
  );
}
