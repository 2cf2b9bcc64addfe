import { useSession } from '@matnat/react';
import { FormMessage } from '../shell/FormMessage';
import { AvatarForm, PasswordForm, ProfileForms } from './settings/AccountForms';
import { EmbedTokens } from './settings/EmbedTokens';
import { Webhooks } from './settings/Webhooks';

/**
 * user.settings (Din profil): name, e-mail, password, avatar, embed tokens and the team's webhooks. A user without a password
 * is kept here by the core's password guard until they set one, so the password comes first for them.
 */
export default function UserSettings() {
  const { user } = useSession();
  if (!user) return null;
  const needsPassword = !user.has_set_password;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Din profil</h1>
      {needsPassword && (
        <FormMessage tone="error">
          Välj ett lösenord innan du fortsätter. Tills dess stannar du på den här sidan.
        </FormMessage>
      )}
      {/* Keyed, so the password form keeps its state (its confirmation) when it moves down once saved. */}
      {needsPassword
        ? [<PasswordForm key="password" user={user} />, <ProfileForms key="profile" user={user} />]
        : [<ProfileForms key="profile" user={user} />, <PasswordForm key="password" user={user} />]}
      <AvatarForm user={user} />
      <EmbedTokens />
      <Webhooks />
    </div>
  );
}
