import type { ComponentType, ReactNode } from 'react';

/**
 * What another feature adds to the manuscripts list, handed in by `app/` (features never
 * import each other): a frame around the list (a drop zone and its dialogs), an action beside
 * "New manuscript" rendered inside that frame, and a manuscript's export dialog.
 */
export interface ShelfAddons {
  Frame: ComponentType<{ folderId: string | null; children: ReactNode }>;
  ToolbarAction: ComponentType;
  ExportDialog: ComponentType<{ manuscript: { id: string; title: string }; onClose: () => void }>;
}
