import { type WebhookChannel, WebhookChannelCreateBody, type WebhookChannelCreated } from '@matnat/contract';
import { formatDateMinute } from '@matnat/core';
import { Button, ConfirmDangerDialog, useQuery, useSession } from '@matnat/react';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { matnat } from '../../matnat';
import { FormMessage } from '../../shell/FormMessage';
import { SelectField } from '../../shell/SelectField';
import { TextField } from '../../shell/TextField';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { deliveryText, FORMAT_LABELS } from '../../webhooks';
import { SettingsSection } from './AccountForms';
import { CopyBlock } from './EmbedTokens';

const FIELDS = ['name', 'url', 'format', 'team_id'];

/** The new channel's secret, shown this once, with what it is for. */
function CreatedChannel({ created, onDone }: { created: WebhookChannelCreated; onDone: () => void }) {
  return (
    <div className="space-y-4 rounded-lg bg-teal-50 p-4 ring-1 ring-teal-200">
      <h3 className="font-semibold text-slate-900">Webhook skapad: {created.name}</h3>
      <p role="status" className="text-sm text-slate-800">
        Hemligheten visas bara nu. Mottagaren kontrollerar med den att varje leverans kommer från Mätnät
        (rubriken X-Matnat-Signature).
      </p>
      <CopyBlock label="Hemlighet" text={created.secret} />
      <Button type="button" onClick={onDone}>
        Klar
      </Button>
    </div>
  );
}

function CreateChannelForm({ onCreated }: { onCreated: (c: WebhookChannelCreated) => void }) {
  const form = useFormSubmit({ shown: FIELDS });
  const { user } = useSession();
  const teams = user?.teams ?? [];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const values = new FormData(target);
    const team = Number(values.get('team_id'));
    const input = {
      name: values.get('name'),
      url: values.get('url'),
      format: values.get('format'),
      ...(team ? { team_id: team } : {}),
    };
    const created = await form.submit(WebhookChannelCreateBody, input, matnat.mutations.webhooks.create);
    if (!created) return;
    target.reset();
    onCreated(created);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <FormMessage tone="error">{form.general}</FormMessage>
      </div>
      <TextField name="name" label="Namn på webhooken" errors={form.fields.name} />
      <SelectField name="format" label="Format" errors={form.fields.format} defaultValue="json">
        {Object.entries(FORMAT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <div className="md:col-span-2">
        <TextField
          name="url"
          type="url"
          label="Adress (https://…)"
          placeholder="https://hooks.slack.com/services/…"
          errors={form.fields.url}
        />
      </div>
      {teams.length > 1 && (
        <SelectField name="team_id" label="Team" errors={form.fields.team_id}>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
      )}
      <div className="md:col-span-2">
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Skapar…' : 'Skapa webhook'}
        </Button>
      </div>
    </form>
  );
}

/** One channel: its state, and test, resume or pause, and delete. */
function ChannelRow({ channel, onRemove }: { channel: WebhookChannel; onRemove: () => void }) {
  const action = useFormSubmit();
  const [outcome, setOutcome] = useState<string | null>(null);

  async function test() {
    setOutcome(null);
    const delivery = await action.run(() => matnat.mutations.webhooks.test(channel.id));
    if (delivery)
      setOutcome(`Test: ${deliveryText(delivery)}${delivery.error ? ` – ${delivery.error}` : ''}`);
  }
  const paused = channel.paused_at !== null;
  return (
    <li className="flex flex-col gap-2 py-3 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {channel.name}{' '}
          <span className={paused ? 'font-semibold text-red-700' : 'font-normal text-slate-600'}>
            · {paused ? 'Pausad' : 'Aktiv'} · {FORMAT_LABELS[channel.format]}
          </span>
        </p>
        <p className="break-all text-slate-700">{channel.url}</p>
        {paused && channel.pause_reason && <p className="text-red-700">{channel.pause_reason}</p>}
        {channel.last_delivery_at && (
          <p className="text-slate-700">Senast levererad {formatDateMinute(channel.last_delivery_at)}</p>
        )}
        <FormMessage tone="error">{action.general}</FormMessage>
        {outcome && (
          <p role="status" className="text-slate-800">
            {outcome}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" disabled={action.busy} onClick={test}>
          Skicka test
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={action.busy}
          onClick={() =>
            action.run(() => matnat.mutations.webhooks.update(channel.id, { paused: !paused }), {
              toast: paused ? `${channel.name} är återupptagen` : `${channel.name} är pausad`,
            })
          }
        >
          {paused ? 'Återuppta' : 'Pausa'}
        </Button>
        <Button type="button" variant="remove" onClick={onRemove}>
          Ta bort
        </Button>
      </div>
    </li>
  );
}

/**
 * Webhooks (issue 24): the team's channels that alerts post to (JSON, Slack, Microsoft Teams), each with a
 * secret shown once, "Skicka test", pause and resume; which alerts use one is chosen in the alert form.
 */
export function Webhooks() {
  const location = useLocation();
  const channels = useQuery(matnat.queries.webhooks());
  const [created, setCreated] = useState<WebhookChannelCreated | null>(null);
  const [removing, setRemoving] = useState<WebhookChannel | null>(null);
  const action = useFormSubmit();

  async function remove() {
    const channel = removing;
    setRemoving(null);
    if (!channel) return;
    await action.run(() => matnat.mutations.webhooks.remove(channel.id), {
      toast: `${channel.name} är borttagen`,
      failed: 'Webhooken kunde inte tas bort. Försök igen.',
    });
  }

  const list = channels.data ?? [];
  return (
    <SettingsSection title="Webhooks" id="webhooks">
      <p className="mb-4 text-sm text-slate-700">
        En webhook skickar notisernas larm till en annan tjänst: Slack, Microsoft Teams eller en egen adress
        som tar emot JSON. Varje leverans är signerad; misslyckas en leverans försöker Mätnät igen, och en
        webhook som inte fungerar pausas.
      </p>
      {channels.isError && <FormMessage tone="error">Webhooks kunde inte hämtas. Försök igen.</FormMessage>}
      <div className="space-y-6">
        {created ? (
          <CreatedChannel created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateChannelForm onCreated={setCreated} />
        )}
        <div>
          <h3 className="mb-2 font-semibold text-slate-900">Teamets webhooks</h3>
          {list.length === 0 ? (
            <p className="text-sm text-slate-600">Teamet har inga webhooks än.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Teamets webhooks">
              {list.map((channel) => (
                <ChannelRow key={channel.id} channel={channel} onRemove={() => setRemoving(channel)} />
              ))}
            </ul>
          )}
        </div>
      </div>
      <ConfirmDangerDialog
        open={removing !== null}
        title={`Ta bort ${removing?.name ?? ''}?`}
        routeKey={location.pathname}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        Notiserna slutar skicka till den här adressen.
      </ConfirmDangerDialog>
    </SettingsSection>
  );
}
