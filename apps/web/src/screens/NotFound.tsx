import { buildPath } from '@matnat/core';
import { Link } from 'react-router';

/** The 404 page (`/404`): for links that name something that no longer exists. */
export default function NotFound() {
  return (
    <section className="text-center">
      <h1 className="mb-3 text-xl font-semibold text-slate-900">Sidan hittades inte</h1>
      <p className="mb-6 text-slate-700">Sidan du letar efter finns inte, eller har flyttats.</p>
      <Link to={buildPath('welcome')} className="text-teal-700 underline">
        Till startsidan
      </Link>
    </section>
  );
}
