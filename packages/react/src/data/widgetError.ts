import { useEffect } from 'react';

const warned = new Set<string>();

/** The server's own words for a refused embed token or origin (401, 403), else null. */
export function refusal(error: unknown): string | null {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  return (status === 401 || status === 403) && message ? message : null;
}

/**
 * What a widget shows when its data failed: the server's message when the token or origin was refused (a
 * partner can act on it), else the widget's own Swedish text. A refusal is also warned once in the console.
 */
export function useWidgetError(error: unknown, fallback: string): string | null {
  const refused = refusal(error);
  useEffect(() => {
    if (!refused || warned.has(refused)) return;
    warned.add(refused);
    const status = (error as { status: number }).status;
    console.warn(`Mätnät: the API refused this widget's embed token or origin (${status}): ${refused}`);
  }, [refused, error]);
  return error ? (refused ?? fallback) : null;
}
