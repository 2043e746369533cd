/**
 * HTML escaping for the mail body: monitor names, group names and error texts come from the
 * account and from monitored sites, and must show as text, never as markup.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` with &, <, >, " and ' replaced by entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
