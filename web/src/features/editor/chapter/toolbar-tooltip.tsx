import { Tooltip } from '@mantine/core';
import { createContext, useContext } from 'react';
import type { ReactElement } from 'react';

const TooltipsShown = createContext(true);

/**
 * Whether the toolbars' tooltips are mounted yet. The chapter editor sets it false until its first
 * frame is painted: the toolbar's Mantine tooltips (one per button, each a floating-position hook)
 * would make the editor's first render, on the way to the text, much heavier.
 */
export const ToolbarTooltipsShown = TooltipsShown.Provider;

/** A toolbar button's tooltip, once the editor has shown its text; the bare button before. */
export function ToolbarTooltip(props: { label: string; children: ReactElement }) {
  const shown = useContext(TooltipsShown);
  if (!shown) return props.children;
  return (
    <Tooltip label={props.label} withinPortal>
      {props.children}
    </Tooltip>
  );
}
