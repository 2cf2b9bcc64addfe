import { useMessages } from '../messages';

/** The line a shop view shows while its data loads, or the given failure text once loading failed. */
export function LoadStatus({ failed, failedText }: { failed: boolean; failedText: string }) {
  const m = useMessages();
  return failed ? (
    <p className="matnat-status" role="alert">
      {failedText}
    </p>
  ) : (
    <p className="matnat-status" role="status">
      {m.shop.loading}
    </p>
  );
}
