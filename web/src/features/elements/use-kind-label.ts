/** The label of an element's kind: a custom type's name, else the translated kind. */
import { useTranslation } from 'react-i18next';

import type { KindChoice } from './element-kinds';
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
