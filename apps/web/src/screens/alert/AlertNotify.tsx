import type { Alert, WebhookDelivery } from '@matnat/contract';
import { formatDateMinute } from '@matnat/core';
import { Button, useQuery } from '@matnat/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { matnat } from '../../matnat';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { DELIVERY_STATUS, deliveryText, FORMAT_LABELS } from '../../webhooks';

const EVENT_LABELS: Record<WebhookDelivery['event'], string> = {
  'alert.firing': 'Larm',
  'alert.renotified': 'Påminnelse',
  'alert.resolved': 'Åter normalt',
  test: 'Test',
};

/** "Skicka test" beside a channel: its outcome in a line. */
function TestButton({ channelId, name }: { channelId: number; name: string }) {
  const action = useFormSubmit();
  const [outcome, setOutcome] = useState<string | null>(null);
  async function test() {
    setOutcome(null);
    const delivery = await action.run(() => matnat.mutations.webhooks.test(channelId));
    if (delivery) setOutcome(`${deliveryText(delivery)}${delivery.error ? ` – ${delivery.error}` : ''}`);
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="borderless"
        disabled={action.busy}
        onClick={test}
        aria-label={`Skicka test till ${name}`}
      >
        Skicka test
      </Button>
      {(outcome ?? action.general) && (
        <span role="status" className="text-sm text-slate-700">
          {outcome ?? action.general}
        </span>
      )}
    </span>
  );
}

/**
 * Who is told (issue 24): the bell always; e-mail to the team, or not; and any of the team's webhooks
 * (`webhook_ids`), each with "Skicka test". The checkboxes are read by the form's `bodyOf`.
 */
export function NotifyFields({ alert, errors }: { alert?: Alert; errors?: readonly string[] }) {
  const channels = useQuery(matnat.queries.webhooks());
  const chosen = new Set(alert?.webhook_ids ?? []);
  const list = channels.data ?? [];
  return (
    <fieldset className="space-y-2 rounded-md p-3 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-medium text-slate-800">Aviseringar</legend>
      <p className="text-sm text-slate-600">Alla i teamet ser larmet i klockan i appen.</p>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name="notify_email"
          defaultChecked={alert?.notify_email ?? true}
          className="h-4 w-4 accent-teal-700"
        />
        E-post till alla i teamet
      </label>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">
          Teamet har inga webhooks.{' '}
          <Link to="/user/settings#webhooks" className="font-medium text-teal-800 underline">
            Skapa en under Din profil
          </Link>{' '}
          för att skicka larmen till Slack, Teams eller en egen adress.
        </p>
      ) : (
        <ul className="space-y-1" aria-label="Webhooks">
          {list.map((channel) => (
            <li key={channel.id} className="flex flex-wrap items-center justify-between gap-2">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="webhook_ids"
                  value={channel.id}
                  defaultChecked={chosen.has(channel.id)}
                  className="h-4 w-4 accent-teal-700"
                />
                Webhook: {channel.name}{' '}
                <span className="text-slate-600">
                  ({FORMAT_LABELS[channel.format]}
                  {channel.paused_at ? ', pausad' : ''})
                </span>
              </label>
              <TestButton channelId={channel.id} name={channel.name} />
            </li>
          ))}
        </ul>
      )}
      {errors?.[0] && <p className="text-sm text-red-700">{errors[0]}</p>}
    </fieldset>
  );
}

/** The alert's delivery log (issue 24): every webhook delivery of its transitions, newest first. */
export function AlertDeliveries({ alertId }: { alertId: number }) {
  const log = useQuery({
    ...matnat.queries.alertDeliveries(alertId),
    // While a delivery waits for a retry, look again now and then.
    refetchInterval: (query: { state: { data?: WebhookDelivery[] } }) =>
      query.state.data?.some((d) => d.status === 'pending') ? 2000 : false,
  });
  const entries = log.data ?? [];
  return (
    <section aria-labelledby="deliveries-heading" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id="deliveries-heading" className="mb-2 font-semibold text-slate-900">
        Webhook-leveranser
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Inga leveranser än.</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm" aria-label="Webhook-leveranser">
          {entries.map((d) => (
            <li
              key={d.id}
              className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:justify-between"
            >
              <span className="text-slate-900">
                <span className="font-medium">{EVENT_LABELS[d.event]}</span> till {d.channel_name}
                <span className="text-slate-600"> · {formatDateMinute(d.created_at)}</span>
              </span>
              <span className={d.status === 'failed' ? 'text-red-700' : 'text-slate-700'}>
                <span className="sr-only">Status: </span>
                {deliveryText(d)}
                {d.error && d.status !== 'delivered' ? ` – ${d.error}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only">{Object.values(DELIVERY_STATUS).join(', ')}</p>
    </section>
  );
}
