import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render-with-providers';

import { showError } from './show-error';

describe('showError', () => {
  it('opens a modal titled Error with the translated code on larger screens', async () => {
    renderWithProviders(<p>screen</p>);
    act(() => {
      showError({ code: 'manuscript_is_deleted' }, false);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('This manuscript has been deleted.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a red toast instead of a dialog on small screens', async () => {
    renderWithProviders(<p>screen</p>);
    act(() => {
      showError({ code: 'protected_not_authorized' }, true);
    });
    expect(
      await screen.findByText('Your session has expired. Please log in again to keep working.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
