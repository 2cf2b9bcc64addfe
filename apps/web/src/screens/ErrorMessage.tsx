import { buildPath } from '@matnat/core';
import { Link, useSearchParams } from 'react-router';

/** error.single.message `/error`: one message, from `?message=` when a flow sends one. */
export default function ErrorMessage() {
  const [params] = useSearchParams();
  return (
    <section className="text-center">
      <h1 className="mb-3 text-xl font-semibold text-slate-900">Något gick fel</h1>
      <p className="mb-6 text-slate-700">
        {params.get('message') ?? 'Försök igen eller kontakta kundtjänst om felet kvarstår.'}
      </p>
      <Link to={buildPath('welcome')} className="text-teal-700 underline">
        Till startsidan
      </Link>
    </section>
  );
}
