import { useState } from 'react';
import { useMessages } from '../messages';
import { useExternalStore, useOptionalMatnatClient } from '../provider';
import { Button } from './Button';

export interface ImpersonationBannerProps {
  /** The user being acted as. @default the session's user */
  userName?: string;
  /** The admin doing it. @default the session's impersonator; without one the banner does not show */
  impersonatorName?: string;
  /** @default the session's `revertImpersonation()` */
  onRevert?: () => unknown;
}

/** Tells an admin whom they act as, with the way back (spec §2, §4 Impersonation). */
export function ImpersonationBanner({ userName, impersonatorName, onRevert }: ImpersonationBannerProps) {
  const m = useMessages();
  const session = useOptionalMatnatClient()?.session;
  const user = useExternalStore(session)?.user;
  const [busy, setBusy] = useState(false);
  const name = userName ?? user?.name;
  const admin = impersonatorName ?? user?.impersonator?.name;
  if (!name || !admin) return null;

  async function revert() {
    setBusy(true);
    try {
      await (onRevert ? onRevert() : session?.revertImpersonation());
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="matnat-impersonation" aria-live="polite">
      <p className="matnat-impersonation__text">{m.impersonation.loggedInAs(name)}</p>
      <Button variant="secondary" onClick={revert} disabled={busy}>
        {m.impersonation.revert(admin)}
      </Button>
    </section>
  );
}
