import { useState } from 'react';

/**
 * True once `opened` has been true: a dialog or panel whose code is loaded on demand mounts
 * (and its chunk loads) when first opened, and stays mounted after, so closing it animates.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
