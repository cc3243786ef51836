/** The `id` attribute of our atoms, kept in HTML as `data-id` (what the server's HTML reads). */
export const DATA_ID_ATTRIBUTE = {
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute('data-id'),
  renderHTML: (attributes: { id?: string | null }) =>
    attributes.id ? { 'data-id': attributes.id } : {},
};
