/**
 * A part of the provider's client that a hook or widget reads through: a client made without it (a script
 * tag's carries only what its widget needs) is the integrator's mistake, said plainly.
 */
export function required<T>(part: T | undefined | null, name: string): T {
  if (!part) throw new Error(`Mätnät: the client has no ${name}; create it with @matnat/core.`);
  return part;
}
