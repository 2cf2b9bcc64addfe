import { toFormErrors, UserAttributeBody, validationMessages } from '@matnat/contract';
import type { Me, Snapshot } from '@matnat/core';
import { Avatar, Button } from '@matnat/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { matnat } from '../../matnat';
import { FormMessage } from '../../shell/FormMessage';
import { TextField } from '../../shell/TextField';
import { useFormSubmit } from '../../shell/useFormSubmit';

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

/** One attribute of `PATCH /api/user/{id}`: the server's `value` errors show under the field. */
function AttributeForm({
  attribute,
  label,
  defaultValue,
  saved,
}: {
  attribute: TextAttribute;
  label: string;
  defaultValue: string;
  saved: string;
}) {
  const form = useFormSubmit({ shown: [attribute], rename: { value: attribute }, toFormErrors });
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const value = new FormData(event.currentTarget).get(attribute);
    const user = await form.submit(UserAttributeBody, { attribute, value }, (body) =>
      matnat.session.updateAttribute(body),
    );
    if (user) setDone(saved);
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
        />
      </div>
    </SettingsSection>
  );
}

const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'];

/** The password: the current one is asked for once a password is set (the server checks it). */
export function PasswordForm({ user }: { user: Snapshot<Me> }) {
  const form = useFormSubmit({ shown: PASSWORD_FIELDS, rename: { value: 'password' }, toFormErrors });
  const [done, setDone] = useState<string | null>(null);
  const hasPassword = user.has_set_password;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const target = event.currentTarget;
    const values = new FormData(target);
    if (values.get('password') !== values.get('password_confirmation')) {
      form.setFailure({
        fields: { password_confirmation: [validationMessages.passwordsDiffer] },
        general: null,
      });
      return;
    }
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
        <TextField
          name="password"
          type="password"
          label="Nytt lösenord"
          autoComplete="new-password"
          errors={form.fields.password}
        />
        <TextField
          name="password_confirmation"
          type="password"
          label="Bekräfta nytt lösenord"
          autoComplete="new-password"
          errors={form.fields.password_confirmation}
        />
        <Button type="submit" variant="secondary" disabled={form.busy}>
          {form.busy ? 'Sparar…' : hasPassword ? 'Byt lösenord' : 'Spara lösenordet'}
        </Button>
      </form>
    </SettingsSection>
  );
}

/** The avatar: a photo by its address, or the initials (spec §2 Avatar). */
export function AvatarForm({ user }: { user: Snapshot<Me> }) {
  const form = useFormSubmit({ shown: ['photo_url'], rename: { value: 'photo_url' }, toFormErrors });
  const [done, setDone] = useState<string | null>(null);

  async function save(value: unknown, message: string) {
    setDone(null);
    const saved = await form.submit(UserAttributeBody, { attribute: 'photo_url', value }, (body) =>
      matnat.session.updateAttribute(body),
    );
    if (saved) setDone(message);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(new FormData(event.currentTarget).get('photo_url'), 'Fotot är sparat.');
  }

  return (
    <SettingsSection title="Profilbild" id="profil-bild">
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <Avatar name={user.name} photoUrl={user.photo_url} initials={user.initials} size={16} />
        <form noValidate onSubmit={submit} className="flex-1 space-y-3">
          <FormMessage tone="error">{form.general}</FormMessage>
          <FormMessage tone="success">{done}</FormMessage>
          <TextField
            key={user.photo_url ?? ''}
            name="photo_url"
            type="url"
            label="Adress till ett foto (https://…)"
            defaultValue={user.photo_url ?? ''}
            errors={form.fields.photo_url}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={form.busy}>
              Spara foto
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
    </SettingsSection>
  );
}
