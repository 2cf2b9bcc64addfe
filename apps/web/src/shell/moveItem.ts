/**
 * The items with the one at `from` moved to `to` (clamped to the list): a dashboard's panel dragged onto
 * another, or moved one place up or down with the keyboard. Returns a new array.
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}
