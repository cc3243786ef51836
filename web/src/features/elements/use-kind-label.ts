/** The kinds as a writer reads them: a custom type's name, else the translated kind. */
import { useTranslation } from 'react-i18next';

import { ELEMENT_KINDS } from '@/lib/elements';

import type { KindChoice } from './element-kinds';
import { kindValue } from './element-kinds';
import { useElementsScreen } from './elements-context';

export function useKindLabel(): (choice: KindChoice) => string {
  const { t } = useTranslation();
  const { customTypes } = useElementsScreen();
  return (choice) => {
    if ('customTypeId' in choice) {
      const type = customTypes.find((custom) => custom.id === choice.customTypeId);
      if (type) return type.name;
    }
    return t(`elements.kinds.${choice.kind}`);
  };
}

/** A select's options: the built-in kinds, then each custom type of the manuscript. */
export function useKindOptions(): { value: string; label: string }[] {
  const { t } = useTranslation();
  const { customTypes } = useElementsScreen();
  return [
    ...ELEMENT_KINDS.map((kind) => ({ value: kind, label: t(`elements.kinds.${kind}`) })),
    ...customTypes.map((type) => ({
      value: kindValue({ kind: 'other', customTypeId: type.id }),
      label: type.name,
    })),
  ];
}
