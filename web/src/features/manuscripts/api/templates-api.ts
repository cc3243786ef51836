import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';

import { api } from '@/lib/api';

/** The template categories, in the order the new-manuscript modal shows them. */
export const TEMPLATE_CATEGORIES = ['fiction', 'non_fiction', 'screenplay', 'custom'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

const categorySchema = z.enum(TEMPLATE_CATEGORIES).catch('custom');

/** One entry of `GET templates/enabled_new`; `structure` is the server's to apply. */
export const templateSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    description: z
      .string()
      .nullish()
      .transform((value) => value ?? ''),
    category: categorySchema,
    _order: z.number().optional(),
    order: z.number().optional(),
  })
  .transform(({ _order, order, ...template }) => ({ ...template, order: _order ?? order ?? 0 }));

export type Template = z.infer<typeof templateSchema>;

const templatesAnswerSchema = z.union([
  z.array(templateSchema),
  z.object({ templates: z.array(templateSchema) }).transform((answer) => answer.templates),
]);

/** `GET templates/enabled_new`: the built-in templates and the caller's own. */
export function fetchTemplates(): Promise<Template[]> {
  return api.get('/templates/enabled_new', templatesAnswerSchema);
}

export interface TemplateGroup {
  category: TemplateCategory;
  templates: Template[];
}

/** Templates by category (fiction, non-fiction, screenplay, custom), each by order then name. */
export function groupTemplates(templates: readonly Template[]): TemplateGroup[] {
  return TEMPLATE_CATEGORIES.map((category) => ({
    category,
    templates: templates
      .filter((template) => template.category === category)
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)),
  })).filter((group) => group.templates.length > 0);
}

export type TemplatesState =
  | { status: 'loading' }
  | { status: 'ready'; templates: Template[] }
  | { status: 'failed'; error: unknown };

/** Loads the templates while `enabled`; `retry` asks again after a failure. */
export function useTemplates(enabled: boolean): { state: TemplatesState; retry: () => void } {
  const [state, setState] = useState<TemplatesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loaded = state.status === 'ready';

  useEffect(() => {
    if (!enabled || loaded) return;
    let cancelled = false;
    fetchTemplates().then(
      (templates) => {
        if (!cancelled) setState({ status: 'ready', templates });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, loaded, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  return { state, retry };
}
