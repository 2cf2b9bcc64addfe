/** Text for HTML (popups, tooltips, the attribution): `&<>"'` as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
