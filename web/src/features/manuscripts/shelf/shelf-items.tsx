import {
  Anchor,
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { IconBook2, IconFolder } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';

import type { ItemCommand } from './item-commands';
import { ItemMenu } from './item-menu';
import type { ShelfItem } from './shelf-logic';
import { useFormatDate } from './use-format-date';
import type { ViewMode } from './use-view-mode';

interface ShelfItemsProps {
  items: readonly ShelfItem[];
  mode: ViewMode;
  commandsFor: (item: ShelfItem) => ItemCommand[];
}

export function itemHref(item: ShelfItem): string {
  return item.kind === 'folder' ? paths.folder(item.id) : paths.manuscript(item.id);
}

function ItemIcon({ item }: { item: ShelfItem }) {
  return (
    <ThemeIcon
      variant="light"
      size="lg"
      radius="md"
      color={item.kind === 'folder' ? 'yellow' : undefined}
      aria-hidden="true"
    >
      {item.kind === 'folder' ? <IconFolder size={20} /> : <IconBook2 size={20} />}
    </ThemeIcon>
  );
}

/** Titles show whole up to this many lines; a longer one is cut, with a tooltip holding it. */
const TITLE_LINES = 2;

/** True when `element` holds more than it shows (its text is cut by the line clamp). */
function isCut(element: HTMLElement): boolean {
  return element.scrollHeight > element.clientHeight + 1;
}

/** The title, as the link that opens the folder or the manuscript. */
function ItemLink({ item }: { item: ShelfItem }) {
  const { t } = useTranslation();
  const title = item.title === '' ? t('manuscripts.item.untitled') : item.title;
  const titleRef = useRef<HTMLSpanElement>(null);
  const { ref: sizeRef, width } = useElementSize<HTMLSpanElement>();
  const ref = useMergedRef(titleRef, sizeRef);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    if (titleRef.current) setCut(isCut(titleRef.current));
  }, [title, width]);
  return (
    <Tooltip
      label={title}
      disabled={!cut}
      events={{ hover: true, focus: true, touch: false }}
      multiline
      maw={360}
      openDelay={300}
      withinPortal
    >
      <Anchor
        component={Link}
        to={itemHref(item)}
        c="inherit"
        underline="hover"
        style={{ minWidth: 0, flex: 1 }}
      >
        <Group wrap="nowrap" gap="sm">
          <ItemIcon item={item} />
          <Text
            ref={ref}
            fw={600}
            lineClamp={TITLE_LINES}
            component="span"
            style={{ overflowWrap: 'anywhere' }}
          >
            {title}
          </Text>
        </Group>
      </Anchor>
    </Tooltip>
  );
}

function PendingBadge({ item }: { item: ShelfItem }) {
  const { t } = useTranslation();
  if (!item.row.pending) return null;
  return (
    <Badge size="xs" variant="light" color="gray" title={t('manuscripts.item.not_synced_hint')}>
      {t('manuscripts.item.not_synced')}
    </Badge>
  );
}

/** Folders and manuscripts as cards (grid) or rows (list); on phones the grid is one column. */
export function ShelfItems({ items, mode, commandsFor }: ShelfItemsProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const kindLabel = (item: ShelfItem) => t(`manuscripts.item.${item.kind}`);
  const updated = (item: ShelfItem) =>
    t('manuscripts.item.updated', { date: formatDate(item.row.updated_at) });

  if (mode === 'grid') {
    return (
      <SimpleGrid role="list" cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {items.map((item) => (
          <Card key={item.key} role="listitem" withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <ItemLink item={item} />
              <ItemMenu title={item.title} commands={commandsFor(item)} />
            </Group>
            <Group justify="space-between" mt="sm" gap="xs">
              <Text size="xs" c="dimmed">
                {kindLabel(item)} · {updated(item)}
              </Text>
              <PendingBadge item={item} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack role="list" gap={6}>
      {items.map((item) => (
        <Paper key={item.key} role="listitem" withBorder radius="md" px="md" py="xs">
          <Group wrap="nowrap" gap="md">
            <ItemLink item={item} />
            <PendingBadge item={item} />
            <Text size="sm" c="dimmed" w="7rem" visibleFrom="sm">
              {kindLabel(item)}
            </Text>
            <Text size="sm" c="dimmed" w="11rem" visibleFrom="md">
              {updated(item)}
            </Text>
            <ItemMenu title={item.title} commands={commandsFor(item)} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
