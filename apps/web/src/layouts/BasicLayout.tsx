import { Link, Outlet } from 'react-router';

/** Spec §2 basic layout: the bare card for sign-in and error pages. */
export function BasicLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-10 md:py-16">
      <Link to="/" className="mb-6 text-2xl font-bold text-teal-700">
        Mätnät
      </Link>
      <main className="w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 md:p-8">
        <Outlet />
      </main>
    </div>
  );
}
