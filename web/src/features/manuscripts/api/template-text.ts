// A template's name and description in the interface's language: the built-in templates the app
// knows by id are translated here; any other (a writer's own, a new built-in) keeps the server's.
import type { TFunction } from 'i18next';

import type { Template } from './templates-api';

/** The server's built-in template ids → their keys under `manuscripts.new_manuscript.builtin_templates`. */
const BUILTIN_TEMPLATE_KEYS = {
  TplThreeActStructure01: 'three_act',
  TplFifteenBeatSheet001: 'beat_sheet',
  TplTheHerosJourney0001: 'heros_journey',
  TplMysteryWhodunit0001: 'mystery',
  TplWorldbuildingBible1: 'worldbuilding_bible',
  TplNonFictionBook00001: 'non_fiction_book',
  TplMemoirLifeStory0001: 'memoir',
  TplFeatureScreenplay01: 'feature_screenplay',
  TplTelevisionPilot0001: 'tv_pilot',
} as const;

type BuiltinTemplateKey = (typeof BUILTIN_TEMPLATE_KEYS)[keyof typeof BUILTIN_TEMPLATE_KEYS];

function builtinKey(id: string): BuiltinTemplateKey | undefined {
  return Object.hasOwn(BUILTIN_TEMPLATE_KEYS, id)
    ? BUILTIN_TEMPLATE_KEYS[id as keyof typeof BUILTIN_TEMPLATE_KEYS]
    : undefined;
}

export interface TemplateText {
  name: string;
  description: string;
}

/** `template`'s name and description as the writer should read them. */
export function templateText(t: TFunction, template: Template): TemplateText {
  const key = builtinKey(template.id);
  if (key === undefined) return { name: template.name, description: template.description };
  return {
    name: t(`manuscripts.new_manuscript.builtin_templates.${key}.name`),
    description: t(`manuscripts.new_manuscript.builtin_templates.${key}.description`),
  };
}
