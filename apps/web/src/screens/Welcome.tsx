import { buildPath } from '@matnat/core';
import { useSession } from '@matnat/react';
import { Link } from 'react-router';

const linkButton = 'inline-block rounded-md px-4 py-2 font-medium';

/** welcome `/`: what Mätnät is, the way in, and the public temperature map. */
export default function Welcome() {
  const { isLoggedIn } = useSession();
  return (
    <section className="mx-auto max-w-3xl py-6 md:py-12">
      <h1 className="mb-4 text-3xl font-bold text-slate-900 md:text-4xl">Välkommen till Mätnät</h1>
      <p className="mb-4 text-lg text-slate-700">
        Mätnät övervakar dina sensorer. Följ temperatur, fukt och andra mätvärden från dina mätenheter i
        dashboards med grafer och aktuella värden, se enheterna på en karta och få notiser när något avviker.
      </p>
      <div className="mb-10 flex flex-wrap gap-3">
        {isLoggedIn ? (
          <Link to={buildPath('dashboard.index')} className={`${linkButton} bg-teal-700 text-white`}>
            Till dina dashboards
          </Link>
        ) : (
          <Link to={buildPath('login')} className={`${linkButton} bg-teal-700 text-white`}>
            Logga in
          </Link>
        )}
        <Link
          to={buildPath('tempMap')}
          className={`${linkButton} bg-white text-teal-800 ring-1 ring-teal-700 ring-inset`}
        >
          Se temperaturkartan
        </Link>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        <li className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="mb-1 font-semibold text-slate-900">Dashboards</h2>
          <p className="text-sm text-slate-700">Samla paneler med linjediagram och enskilda värden.</p>
        </li>
        <li className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="mb-1 font-semibold text-slate-900">Karta</h2>
          <p className="text-sm text-slate-700">Se var dina mätenheter finns och vad de mäter just nu.</p>
        </li>
        <li className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="mb-1 font-semibold text-slate-900">Notiser</h2>
          <p className="text-sm text-slate-700">Bli meddelad när ett värde passerar en gräns.</p>
        </li>
      </ul>
    </section>
  );
}
