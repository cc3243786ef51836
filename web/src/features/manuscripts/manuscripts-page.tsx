import type { ShelfAddons } from './shelf/addons';
import { ShelfScreen } from './shelf/shelf-screen';

/** `manuscripts`: the list at the top level. */
export function ManuscriptsPage({ addons }: { addons?: ShelfAddons }) {
  return <ShelfScreen folderId={null} addons={addons} />;
}
