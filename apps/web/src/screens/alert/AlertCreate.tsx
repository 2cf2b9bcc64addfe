import { AlertForm } from './AlertForm';

/** alert.create (Ny notis). */
export default function AlertCreate() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Ny notis</h1>
      <AlertForm />
    </section>
  );
}
