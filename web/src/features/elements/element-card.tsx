/**
 * One element on the board: its main picture (or its kind's icon), name, kind and tags; its
 * name (a button) opens the element's page, and a writer may move it earlier or later in its group.
 */
import { Badge, Card, Center, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { MoveButtons } from '@/components/ui';
import { cssColor } from '@/lib/colors';
import type { ElementRecord } from '@/lib/elements';
import { mainImage } from '@/lib/elements';

import { kindOf } from './element-kinds';
import { useElementsScreen } from './elements-context';
import { KindIcon } from './kind-icon';
import { useKindLabel } from './use-kind-label';

interface ElementCardProps {
  element: ElementRecord;
  /** The card's place in its list. */
  position: number;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}

export function ElementCard({ element, position, first, last, onMove }: ElementCardProps) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  const kindLabel = useKindLabel();
  const image = mainImage(element.meta.images);
  const name = element.name.trim() === '' ? t('elements.untitled') : element.name;
  const choice = kindOf(element.meta);
  const customType =
    'customTypeId' in choice
      ? (screen.customTypes.find((type) => type.id === choice.customTypeId) ?? null)
      : null;
  const color = cssColor(element.meta.color);

  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid="element-card"
      style={color ? { borderTop: `4px solid ${color}` } : undefined}
    >
      <Stack gap={6}>
        {/* The picture opens the page too, for a pointer; the name is the keyboard's way. */}
        <Card.Section
          onClick={() => {
            screen.open(element.id);
          }}
          style={{ cursor: 'pointer' }}
        >
          {image ? (
            <Image src={image.value} alt="" h={120} fit="cover" />
          ) : (
            <Center h={120} bg="var(--mantine-color-default-hover)">
              <KindIcon kind={element.meta.type} customType={customType} size={40} />
            </Center>
          )}
        </Card.Section>
        <UnstyledButton
          aria-label={t('elements.open_element', { name })}
          onClick={() => {
            screen.open(element.id);
          }}
        >
          <Text fw={600} lineClamp={2}>
            {name}
          </Text>
        </UnstyledButton>
        <Group gap={6} wrap="nowrap">
          <KindIcon kind={element.meta.type} customType={customType} size={14} />
          <Text size="sm" c="dimmed">
            {kindLabel(choice)}
          </Text>
        </Group>
      </Stack>
      {element.meta.tags.length > 0 && (
        <Group gap={4} mt={6}>
          {element.meta.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="light">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      {screen.canWrite && (
        <MoveButtons
          earlierLabel={t('elements.move_earlier', { name })}
          laterLabel={t('elements.move_later', { name })}
          position={position}
          first={first}
          last={last}
          onMove={onMove}
        />
      )}
    </Card>
  );
}
