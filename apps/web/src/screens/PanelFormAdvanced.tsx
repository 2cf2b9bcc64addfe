import { useParams } from 'react-router';
import { PanelForm } from '../shell/PanelForm';

/** dashboard.panelform.advanced: a line chart of several sensors across devices, each line with its colour. */
export default function PanelFormAdvanced() {
  const { dashboard_id } = useParams();
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Ny avancerad panel</h1>
      <PanelForm mode="advanced" dashboardId={Number(dashboard_id)} />
    </section>
  );
}
