import { useParams } from 'react-router';

import { ShelfScreen } from './shelf/shelf-screen';

/** `manuscripts/:id`: the list inside one folder. */
export function FolderPage() {
  const { id } = useParams();
  return <ShelfScreen key={id} folderId={id ?? null} />;
}
