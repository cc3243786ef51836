/**
 * The picture of an element's kind: an icon per built-in kind, a custom type's icon from the
 * set, or its uploaded picture.
 */
import { Image } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconBook,
  IconBox,
  IconBuildingCastle,
  IconCrown,
  IconFlask,
  IconKey,
  IconLeaf,
  IconMapPin,
  IconMusic,
  IconPaw,
  IconSailboat,
  IconSearch,
  IconStar,
  IconSword,
  IconUser,
  IconUsersGroup,
  IconCategory,
} from '@tabler/icons-react';

import type { ElementKind } from '@/lib/elements';

import type { CustomType, CustomTypeIcon } from './element-kinds';

const KIND_ICONS: Record<ElementKind, Icon> = {
  character: IconUser,
  object: IconBox,
  group: IconUsersGroup,
  research: IconSearch,
  other: IconCategory,
};

export const CUSTOM_ICONS: Record<CustomTypeIcon, Icon> = {
  star: IconStar,
  'map-pin': IconMapPin,
  building: IconBuildingCastle,
  sword: IconSword,
  paw: IconPaw,
  leaf: IconLeaf,
  crown: IconCrown,
  flask: IconFlask,
  music: IconMusic,
  ship: IconSailboat,
  key: IconKey,
  book: IconBook,
};

/** The kind's icon (decorative: the kind's name is always written beside it). */
export function KindIcon({
  kind,
  customType,
  size = 16,
}: {
  kind: ElementKind;
  customType?: CustomType | null;
  size?: number;
}) {
  if (customType?.image) {
    return <Image src={customType.image} alt="" w={size} h={size} radius="xs" fit="cover" />;
  }
  const Glyph = customType?.icon ? CUSTOM_ICONS[customType.icon] : KIND_ICONS[kind];
  return <Glyph size={size} aria-hidden />;
}
