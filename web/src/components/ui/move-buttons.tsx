/**
 * The earlier and later buttons of a card on an ordered board. A move re-orders the cards,
 * which takes focus from the button pressed (the browser blurs a node it moves, and the button
 * is disabled at either end): focus is put back on it, or on the other button at an end.
 */
import { ActionIcon, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

interface MoveButtonsProps {
  earlierLabel: string;
  laterLabel: string;
  /** The card's place in its list: focus comes back once it changed. */
  position: number;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}

export function MoveButtons({
  earlierLabel,
  laterLabel,
  position,
  first,
  last,
  onMove,
}: MoveButtonsProps) {
  const earlier = useRef<HTMLButtonElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  /** The move asked for and not yet seen in `position`. */
  const moving = useRef<-1 | 1 | null>(null);

  useEffect(() => {
    const by = moving.current;
    if (by === null) return;
    moving.current = null;
    const pressed = by === -1 ? earlier.current : later.current;
    const other = by === -1 ? later.current : earlier.current;
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [position]);

  const move = (by: -1 | 1) => {
    moving.current = by;
    onMove(by);
  };
  return (
    <Group gap={4} justify="flex-end" mt={6}>
      <ActionIcon
        ref={earlier}
        variant="subtle"
        size="sm"
        aria-label={earlierLabel}
        disabled={first}
        onClick={() => {
          move(-1);
        }}
      >
        <IconChevronLeft size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        ref={later}
        variant="subtle"
        size="sm"
        aria-label={laterLabel}
        disabled={last}
        onClick={() => {
          move(1);
        }}
      >
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
