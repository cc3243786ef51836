import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '@/testing/render-with-providers';

import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it("says 'Oops. Nothing here...' and 'Go Home' leads to /", async () => {
    renderRoutes(
      [
        { path: '/', element: <p>home screen</p> },
        { path: '*', element: <NotFoundPage /> },
      ],
      '/no/such/page',
    );
    expect(screen.getByRole('heading', { name: 'Oops. Nothing here...' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go Home' }));
    expect(await screen.findByText('home screen')).toBeInTheDocument();
  });
});
