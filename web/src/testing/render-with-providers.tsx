import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';

import { AppProviders } from '@/app/providers/app-providers';

/** Renders routes in a memory router inside the app's providers (Mantine in test mode). */
export function renderRoutes(routes: RouteObject[], initialPath = '/'): RenderResult {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  return render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Renders one element at `/` inside the app's providers. */
export function renderWithProviders(element: ReactElement, initialPath = '/'): RenderResult {
  return renderRoutes([{ path: '*', element }], initialPath);
}
