import { lazy, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { NoMatch } from '../components/error-screen';
import { SEATING_SCREENS } from '../routes';
import SeatingPage from './seating-page';

const SeatingPrintPage = lazy(() => import('./seating-print-page'));

/** `.../seating/*`: the plan, and its print view. */
const SCREENS: Record<(typeof SEATING_SCREENS)[number], ComponentType> = { '/': SeatingPage, '/print': SeatingPrintPage };

export default function SeatingRoutes() {
  return (
    <Switch>
      {SEATING_SCREENS.map((path) => (
        <Route key={path} path={path} component={SCREENS[path]} />
      ))}
      <Route component={NoMatch} />
    </Switch>
  );
}
