import { fieldLabels, UserAttributeBody, validationMessages } from '@matnat/contract';
import type { Me, Snapshot } from '@matnat/core';
import { Avatar, Button } from '@matnat/react';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { matnat } from '../../matnat';
import { FormMessage } from '../../shell/FormMessage';
import { PASSWORD_PAIR, PasswordPairField, passwordPairError } from '../../shell/PasswordPairField';
import { TextField } from '../../shell/TextField';
import { useFormSubmit } from '../../shell/useFormSubmit';
import { photoToDataUrl } from './photo';

export function SettingsSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 ring-1 ring-slate-200 md:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type TextAttribute = 'name' | 'email';

/**
 * One attribute of `PATCH /api/user/{id}`: the server's `value` errors show under the field. A new e-mail
 * address needs the password once one is set (issue 24: the server checks it).
 */
function AttributeForm({
  attribute,
  label,
  defaultValue,
  saved,
  withPassword = false,
}: {
  attribute: TextAttribute;
  label: string;
  defaultValue: string;
  saved: string;
  withPassword?: boolean;
}) {
  const form = useFormSubmit({ shown: [attribute, 'current_password'], rename: { value: attribute } });
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const target = event.currentTarget;
    const values = new FormData(target);
    const input = {
      attribute,
      value: values.get(attribute),
      ...(withPassword ? { current_password: values.get('current_password') ?? '' } : {}),
    };
    const user = await form.submit(UserAttributeBody, input, (body) => matnat.session.updateAttribute(body));
    if (!user) return;
    if (withPassword) (target.elements.namedItem('current_password') as HTMLInputElement).value = '';
    setDone(saved);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <FormMessage tone="error">{form.general}</FormMessage>
      <FormMessage tone="success">{done}</FormMessage>
      <TextField
        name={attribute}
        type={attribute === 'email' ? 'email' : 'text'}
        label={label}
        autoComplete={attribute}
        defaultValue={defaultValue}
        errors={form.fields[attribute]}
      />
      {withPassword && (
        <TextField
          name="current_password"
          type="password"
          label="Ditt lösenord"
          autoComplete="current-password"
          errors={form.fields.current_password}
        />
      )}
      <Button type="submit" variant="secondary" disabled={form.busy}>
        {form.busy ? 'Sparar…' : `Spara ${label.toLowerCase()}`}
      </Button>
    </form>
  );
}

export function ProfileForms({ user }: { user: Snapshot<Me> }) {
  return (
    <SettingsSection title="Namn och e-post" id="profil-uppgifter">
      <div className="grid gap-6 lg:grid-cols-2">
        <AttributeForm attribute="name" label="Namn" defaultValue={user.name} saved="Namnet är sparat." />
        <AttributeForm
          attribute="email"
          label="E-postadress"
          defaultValue={user.email}
          saved="E-postadressen är sparad. Vi har skickat en verifieringslänk till den nya adressen."
          withPassword={user.has_set_password}
        />
      </div>
    </SettingsSection>
  );
}

const PASSWORD_FIELDS = ['current_password', ...PASSWORD_PAIR];

/** The password: the current one is asked for once a password is set (the server checks it). */
export function PasswordForm({ user }: { user: Snapshot<Me> }) {
  const form = useFormSubmit({ shown: PASSWORD_FIELDS, rename: { value: 'password' } });
  const [done, setDone] = useState<string | null>(null);
  const hasPassword = user.has_set_password;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const target = event.currentTarget;
    const values = new FormData(target);
    const differ = passwordPairError(values);
    if (differ) return form.fail(differ);
    const input = {
      attribute: 'password',
      value: values.get('password'),
      ...(hasPassword ? { current_password: values.get('current_password') ?? '' } : {}),
    };
    const saved = await form.submit(UserAttributeBody, input, (body) => matnat.session.updateAttribute(body));
    if (!saved) return;
    target.reset();
    setDone(hasPassword ? 'Lösenordet är ändrat.' : 'Lösenordet är sparat. Nu kan du använda Mätnät.');
  }

  return (
    <SettingsSection title="Lösenord" id="profil-losenord">
      <form noValidate onSubmit={submit} className="max-w-md space-y-3">
        <FormMessage tone="error">{form.general}</FormMessage>
        <FormMessage tone="success">{done}</FormMessage>
        {hasPassword && (
          <TextField
            name="current_password"
            type="password"
            label="Nuvarande lösenord"
            autoComplete="current-password"
            errors={form.fields.current_password}
          />
        )}
        <PasswordPairField errors={form.fields} label="Nytt lösenord" confirmLabel="Bekräfta nytt lösenord" />
        <Button type="submit" variant="secondary" disabled={form.busy}>
          {form.busy ? 'Sparar…' : hasPassword ? 'Byt lösenord' : 'Spara lösenordet'}
        </Button>
      </form>
    </SettingsSection>
  );
}

/** The avatar (spec §2): an uploaded photo (scaled in the browser), a photo's address, or the initials. */
export function AvatarForm({ user }: { user: Snapshot<Me> }) {
  const form = useFormSubmit({ shown: ['photo_url'], rename: { value: 'photo_url' } });
  const [done, setDone] = useState<string | null>(null);
  const uploadId = useId();
  const uploaded = user.photo_url?.startsWith('data:') ?? false;
  // The error shows under whichever of the two inputs was used last.
  const [source, setSource] = useState<'upload' | 'address'>('upload');

  async function save(value: unknown, message: string) {
    setDone(null);
    const saved = await form.submit(UserAttributeBody, { attribute: 'photo_url', value }, (body) =>
      matnat.session.updateAttribute(body),
    );
    if (saved) setDone(message);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setSource('upload');
    try {
      await save(await photoToDataUrl(file), 'Fotot är sparat.');
    } catch {
      form.fail({ photo_url: [validationMessages.image(fieldLabels.photo_url)] });
    } finally {
      input.value = '';
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSource('address');
    void save(new FormData(event.currentTarget).get('photo_url'), 'Fotot är sparat.');
  }

  const error = source === 'upload' ? form.fields.photo_url?.[0] : undefined;
  return (
    <SettingsSection title="Profilbild" id="profil-bild">
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <Avatar name={user.name} photoUrl={user.photo_url} initials={user.initials} size={16} />
        <div className="flex-1 space-y-4">
          <FormMessage tone="error">{form.general}</FormMessage>
          <FormMessage tone="success">{done}</FormMessage>
          <div>
            <label htmlFor={uploadId} className="mb-1 block text-sm font-medium text-slate-800">
              Ladda upp ett foto (PNG, JPEG eller WebP)
            </label>
            <input
              id={uploadId}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={form.busy}
              onChange={upload}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uploadId}-error` : undefined}
              className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-teal-700 file:px-3 file:py-2 file:text-white"
            />
            {error && (
              <p id={`${uploadId}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
          <form noValidate onSubmit={submit} className="space-y-3">
            <TextField
              key={user.photo_url ?? ''}
              name="photo_url"
              type="url"
              label="…eller adressen till ett foto (https://…)"
              defaultValue={uploaded ? '' : (user.photo_url ?? '')}
              errors={source === 'address' ? form.fields.photo_url : undefined}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="secondary" disabled={form.busy}>
                Spara adressen
              </Button>
              {user.photo_url && (
                <Button
                  type="button"
                  variant="borderless"
                  disabled={form.busy}
                  onClick={() => void save(null, 'Nu visas dina initialer.')}
                >
                  Använd initialer i stället
                </Button>
              )}
            </div>
          </form>
        </div>
      </div>
    </SettingsSection>
  );
}
