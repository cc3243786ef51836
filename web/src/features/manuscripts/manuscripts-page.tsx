import { ShelfScreen } from './shelf/shelf-screen';

/** `manuscripts`: the list at the top level. */
export function ManuscriptsPage() {
  return <ShelfScreen folderId={null} />;
}
