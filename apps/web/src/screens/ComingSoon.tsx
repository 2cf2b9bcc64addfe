import { routeTitle } from '@matnat/core';
import { Link, useMatches } from 'react-router';
import type { RouteHandle } from '../routing/routes';

/** Every screen not built yet: a Swedish placeholder with the route's own title, never a 404. */
export default function ComingSoon() {
  const name = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.name)
    .findLast(Boolean);
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <h1 className="mb-3 text-2xl font-semibold text-slate-900">{name ? routeTitle(name) : 'Mätnät'}</h1>
      <p className="mb-6 text-slate-700">Den här sidan kommer snart. Vi bygger den just nu.</p>
      <Link to="/" className="text-teal-700 underline">
        Till startsidan
      </Link>
    </section>
  );
}
