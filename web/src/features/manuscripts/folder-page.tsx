import { useParams } from 'react-router';

import type { ShelfAddons } from './shelf/addons';
import { ShelfScreen } from './shelf/shelf-screen';

/** `manuscripts/:id`: the list inside one folder. */
export function FolderPage({ addons }: { addons?: ShelfAddons }) {
  const { id } = useParams();
  return <ShelfScreen key={id} folderId={id ?? null} addons={addons} />;
}
