import { Route, Switch } from 'wouter';
import { NoMatch } from '../components/error-screen';
import type { ReactNode } from 'react';
import { OCCASIONS_SCREENS } from '../routes';
import { OccasionsPage } from './occasions-page';

const SCREENS: Record<(typeof OCCASIONS_SCREENS)[number], ReactNode> = { '/': <OccasionsPage />, '/new': <OccasionsPage creating /> };

/** `/occasions/*`: the list, and `/occasions/new` with the create dialog open. */
export default function OccasionsRoutes() {
  return (
    <Switch>
      {OCCASIONS_SCREENS.map((path) => (
        <Route key={path} path={path}>
          {SCREENS[path]}
        </Route>
      ))}
      <Route>
        <NoMatch />
      </Route>
    </Switch>
  );
}
