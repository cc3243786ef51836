import { Card, ColorSwatch, Group, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

import type { ThemeColors } from '@/lib/theme';

interface ThemeCardProps {
  name: string;
  colors: ThemeColors;
  selected: boolean;
  onSelect: () => void;
}

export function ThemeCard({ name, colors, selected, onSelect }: ThemeCardProps) {
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={selected}>
      <Card
        withBorder
        padding="md"
        radius="md"
        style={{
          borderColor: selected ? colors.primaryColor : undefined,
          borderWidth: selected ? 2 : undefined,
        }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={colors.primaryColor} size={26} />
            <ColorSwatch color={colors.secondaryColor} size={26} />
          </Group>
          {selected ? <IconCheck size={18} color={colors.primaryColor} aria-hidden="true" /> : null}
        </Group>
        <Text fw={600} mt="sm">
          {name}
        </Text>
      </Card>
    </UnstyledButton>
  );
}
