import { RouterProvider } from 'react-router';
import type { Language } from '../i18n';
import { AppProviders } from './providers';
import type { AppRouter } from './routes';

export interface AppProps {
  router: AppRouter;
  /**
   * Language instead of the stored setting (tests).
   * @default the stored setting
   */
  language?: Language;
}

/** The whole SPA: providers around the router. */
export function App({ router, language }: AppProps) {
  return (
    <AppProviders language={language}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
