import { createBrowserRouter } from 'react-router';

import { setLateRefusalHandler } from '@/app/guards';

import { routes } from './routes';

/** The app's data router (React Router 7, data mode). */
export const router = createBrowserRouter(routes);

// A route let in on the cached user whose session the server then refused: the guards of the
// routes shown decide again with the verified session (to login, as on a page load).
setLateRefusalHandler(() => {
  void router.revalidate();
});
