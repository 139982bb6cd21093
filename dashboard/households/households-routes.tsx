import { lazy, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { NoMatch } from '../components/error-screen';
import { HOUSEHOLDS_SCREENS } from '../routes';
import HouseholdsPage from './households-page';

const PrintCodesPage = lazy(() => import('./print-codes-page'));
const InvitationCardsPage = lazy(() => import('./invitation-cards-page'));

/** `.../households/*`: the list, the printable invite codes and the printable invitation cards. */
const SCREENS: Record<(typeof HOUSEHOLDS_SCREENS)[number], ComponentType> = { '/': HouseholdsPage, '/print': PrintCodesPage, '/cards': InvitationCardsPage };

export default function HouseholdsRoutes() {
  return (
    <Switch>
      {HOUSEHOLDS_SCREENS.map((path) => (
        <Route key={path} path={path} component={SCREENS[path]} />
      ))}
      <Route component={NoMatch} />
    </Switch>
  );
}
