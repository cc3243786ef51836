import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render-with-providers';
import { stubApi, success } from '@/testing/stub-api';

import { NewManuscriptDialog } from './new-manuscript-dialog';

afterEach(async () => {
  await changeLocale('en');
});

describe('the new-manuscript templates', () => {
  it('speak the writer’s language, keeping the server’s text for a template the app does not know', async () => {
    stubApi({
      'GET /templates/enabled_new': success([
        {
          id: 'TplThreeActStructure01',
          name: 'Three-Act Structure',
          description: 'The classic beginning–middle–end shape.',
          category: 'fiction',
          structure: {},
        },
        {
          id: 'MyOwnTemplate000000001',
          name: 'My noir outline',
          description: 'Rain, always rain.',
          category: 'custom',
          structure: {},
        },
      ]),
    });
    await changeLocale('es');
    const onCreate = vi.fn(() => Promise.resolve());
    renderWithProviders(<NewManuscriptDialog online onCreate={onCreate} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo manuscrito' });
    await user.click(within(dialog).getByText('A partir de una plantilla'));

    const builtIn = await within(dialog).findByRole('radio', { name: /Estructura en tres actos/ });
    expect(
      within(dialog).getByText(/La forma clásica de planteamiento, nudo y desenlace/),
    ).toBeVisible();
    expect(within(dialog).queryByText('Three-Act Structure')).toBeNull();
    expect(within(dialog).getByRole('radio', { name: /My noir outline/ })).toBeVisible();
    expect(within(dialog).getByText('Rain, always rain.')).toBeVisible();

    await user.click(builtIn);
    expect(within(dialog).getByRole('textbox', { name: /Título del manuscrito/ })).toHaveValue(
      'Estructura en tres actos',
    );
  });
});
