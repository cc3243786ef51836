import { useCallback, useState } from 'react';

import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

export type ViewMode = 'grid' | 'list';

function storedViewMode(): ViewMode {
  return readStorage(storageKeys.manuscriptsView) === 'list' ? 'list' : 'grid';
}

/** Grid or list, remembered on this device. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(storedViewMode);
  const change = useCallback((next: ViewMode) => {
    writeStorage(storageKeys.manuscriptsView, next);
    setMode(next);
  }, []);
  return [mode, change];
}
