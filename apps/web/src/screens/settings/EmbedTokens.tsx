import { type Device, type EmbedToken, EmbedTokenCreateBody, type EmbedTokenCreated } from '@matnat/contract';
import { formatDateMinute } from '@matnat/core';
import { Button, ConfirmDangerDialog, useQuery } from '@matnat/react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { matnat } from '../../matnat';
import { FormMessage } from '../../shell/FormMessage';
import { TextField } from '../../shell/TextField';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { SettingsSection } from './AccountForms';
import {
  defaultExpiryDate,
  embedSnippets,
  embedTarget,
  expiryToIso,
  PUBLIC_MAP_LABEL,
  parseOrigins,
  type ScopeGroups,
  type ScopeOption,
  scopeLabels,
  scopeOptions,
} from './embedTokenForm';

const FIELDS = ['name', 'scopes', 'allowed_origins', 'expires_at'];

export function CopyBlock({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  }
  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <h4 id={id} className="text-sm font-medium text-slate-800">
          {label}
        </h4>
        <Button type="button" variant="secondary" onClick={copy} aria-describedby={id}>
          {copied ? 'Kopierat!' : 'Kopiera'}
        </Button>
      </div>
      <textarea
        readOnly
        aria-labelledby={id}
        rows={text.split('\n').length + 1}
        wrap="off"
        value={text}
        spellCheck={false}
        className="block w-full resize-y rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100"
      />
    </div>
  );
}

/** The new token, shown this once, with the ready-to-paste code of docs/embedding.md. */
function CreatedToken({
  created,
  devices,
  onDone,
}: {
  created: EmbedTokenCreated;
  devices: Device[];
  onDone: () => void;
}) {
  const target = embedTarget(created.scopes, devices);
  const scripts = useQuery(matnat.queries.embedScripts()).data?.scripts ?? [];
  const snippets = target ? embedSnippets(created.token, window.location.origin, target, scripts) : null;
  return (
    <div className="space-y-4 rounded-lg bg-teal-50 p-4 ring-1 ring-teal-200">
      <h3 className="font-semibold text-slate-900">Token skapad: {created.name}</h3>
      <p role="status" className="text-sm text-slate-800">
        Tokenen visas bara nu. Kopiera den innan du lämnar sidan; den kan inte visas igen.
      </p>
      <CopyBlock label="Token" text={created.token} />
      {snippets && (
        <>
          <CopyBlock label="React" text={snippets.react} />
          {snippets.webComponent && <CopyBlock label="Webbkomponent" text={snippets.webComponent} />}
          {snippets.scriptTag && <CopyBlock label="Script-tagg" text={snippets.scriptTag} />}
        </>
      )}
      <Button type="button" onClick={onDone}>
        Klar
      </Button>
    </div>
  );
}

function ScopeFieldset({ legend, options }: { legend: string; options: ScopeOption[] }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">Inga att välja.</p>
      ) : (
        <ul className="max-h-48 space-y-1 overflow-y-auto">
          {options.map((option) => (
            <li key={option.scope}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="scopes"
                  value={option.scope}
                  className="h-4 w-4 accent-teal-700"
                />
                {option.label}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function CreateTokenForm({
  groups,
  onCreated,
}: {
  groups: ScopeGroups;
  onCreated: (t: EmbedTokenCreated) => void;
}) {
  const form = useFormSubmit({ shown: FIELDS });
  const originsId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const values = new FormData(target);
    const input = {
      name: values.get('name'),
      scopes: values.getAll('scopes'),
      allowed_origins: parseOrigins(String(values.get('allowed_origins') ?? '')),
      exact_positions: values.get('exact_positions') === 'on',
      expires_at: expiryToIso(String(values.get('expires_at') ?? '')),
    };
    const created = await form.submit(EmbedTokenCreateBody, input, (body) =>
      matnat.mutations.embedTokens.create(body),
    );
    if (!created) return;
    target.reset();
    onCreated(created);
  }

  const error = (field: string) => form.fields[field]?.[0];
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormMessage tone="error">{form.general}</FormMessage>
      <TextField name="name" label="Namn på tokenen" errors={form.fields.name} />
      <fieldset
        aria-describedby={error('scopes') ? 'scopes-error' : undefined}
        className="grid gap-4 md:grid-cols-2"
      >
        <legend className="mb-2 text-sm font-semibold text-slate-900">Vad tokenen får läsa</legend>
        <ScopeFieldset legend="Paneler" options={groups.panels} />
        <ScopeFieldset legend="Mätenheter" options={groups.devices} />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="scopes" value="public-map" className="h-4 w-4 accent-teal-700" />
          {PUBLIC_MAP_LABEL}
        </label>
      </fieldset>
      {error('scopes') && (
        <p id="scopes-error" className="text-sm text-red-700">
          {error('scopes')}
        </p>
      )}
      <div>
        <label htmlFor={originsId} className="mb-1 block text-sm font-medium text-slate-800">
          Tillåtna webbplatser (en per rad, t.ex. https://partner.se)
        </label>
        <textarea
          id={originsId}
          name="allowed_origins"
          rows={3}
          aria-invalid={error('allowed_origins') ? true : undefined}
          aria-describedby={error('allowed_origins') ? `${originsId}-error` : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-teal-600 focus:outline-2 focus:outline-teal-600"
        />
        {error('allowed_origins') && (
          <p id={`${originsId}-error`} className="mt-1 text-sm text-red-700">
            {error('allowed_origins')}
          </p>
        )}
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="exact_positions" className="h-4 w-4 accent-teal-700" />
          Exakta positioner
        </label>
        <p className="mt-1 text-sm text-slate-600">
          Utan den ser sidans besökare mätenheternas positioner avrundade till varje enhets rutnät (normalt
          omkring 1 km).
        </p>
      </div>
      <TextField
        name="expires_at"
        type="date"
        label="Gäller till och med"
        defaultValue={defaultExpiryDate(new Date())}
        errors={form.fields.expires_at}
      />
      <Button type="submit" disabled={form.busy}>
        {form.busy ? 'Skapar…' : 'Skapa token'}
      </Button>
    </form>
  );
}

function tokenStatus(token: EmbedToken): string {
  if (token.revoked_at) return 'Återkallad';
  return Date.parse(token.expires_at) <= Date.now() ? 'Utgången' : 'Aktiv';
}

interface TokenListProps {
  tokens: EmbedToken[];
  /** Names of the scopes the user can still pick (others show as written, `panel:5`). */
  labels: ReadonlyMap<string, string>;
  onRevoke: (token: EmbedToken) => void;
}

function TokenList({ tokens, labels, onRevoke }: TokenListProps) {
  if (tokens.length === 0) return <p className="text-sm text-slate-600">Du har inga inbäddningstokens än.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Dina inbäddningstokens">
      {tokens.map((token) => (
        <li
          key={token.id}
          className="flex flex-col gap-2 py-3 md:flex-row md:items-center md:justify-between"
        >
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">
              {token.name} <span className="font-normal text-slate-600">· {tokenStatus(token)}</span>
            </p>
            <p className="break-words text-slate-700">
              Läser: {token.scopes.map((scope) => labels.get(scope) ?? scope).join(', ')}
            </p>
            <p className="break-words text-slate-700">Webbplatser: {token.allowed_origins.join(', ')}</p>
            <p className="text-slate-700">
              Positioner: {token.exact_positions ? 'exakta' : 'avrundade till rutnätet'}
            </p>
            <p className="text-slate-700">Gäller till {formatDateMinute(token.expires_at)}</p>
          </div>
          {!token.revoked_at && (
            <Button type="button" variant="remove" onClick={() => onRevoke(token)}>
              Återkalla
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Embed tokens: create (scopes from the user's own panels and devices), see once, list, revoke. */
export function EmbedTokens() {
  const location = useLocation();
  const tokens = useQuery(matnat.queries.embedTokens());
  const dashboards = useQuery(matnat.queries.dashboards());
  const deviceList = useQuery(matnat.queries.devices());
  const devices = deviceList.data ?? [];
  const groups: ScopeGroups = useMemo(
    () => scopeOptions(dashboards.data ?? [], deviceList.data ?? []),
    [dashboards.data, deviceList.data],
  );
  const [created, setCreated] = useState<EmbedTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<EmbedToken | null>(null);
  const action = useFormSubmit();
  const failed = tokens.isError || dashboards.isError || deviceList.isError;

  async function revoke() {
    const token = revoking;
    setRevoking(null);
    if (!token) return;
    await action.run(() => matnat.mutations.embedTokens.revoke(token.id), {
      toast: `Tokenen ${token.name} är återkallad`,
      failed: 'Tokenen kunde inte återkallas. Försök igen.',
    });
  }

  return (
    <SettingsSection title="Inbäddningstokens" id="profil-tokens">
      <p className="mb-4 text-sm text-slate-700">
        En inbäddningstoken låter en annan webbplats visa dina paneler och mätenheter, bara läsa och bara det
        du väljer, fram till ett datum.
      </p>
      {failed && (
        <FormMessage tone="error">
          Tokens, paneler eller mätenheter kunde inte hämtas. Försök igen.
        </FormMessage>
      )}
      <div className="space-y-6">
        {created ? (
          <CreatedToken created={created} devices={devices} onDone={() => setCreated(null)} />
        ) : (
          <CreateTokenForm groups={groups} onCreated={setCreated} />
        )}
        <div>
          <h3 className="mb-2 font-semibold text-slate-900">Dina tokens</h3>
          <TokenList tokens={tokens.data ?? []} labels={scopeLabels(groups)} onRevoke={setRevoking} />
        </div>
      </div>
      <ConfirmDangerDialog
        open={revoking !== null}
        title={`Återkalla ${revoking?.name ?? ''}?`}
        confirmText="Återkalla"
        routeKey={location.pathname}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        Webbplatser som använder tokenen slutar visa dina data direkt.
      </ConfirmDangerDialog>
    </SettingsSection>
  );
}
