import { lazy, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { NoMatch } from '../components/error-screen';
import { GUESTS_SCREENS } from '../routes';
import GuestsPage from './guests-page';

const InvitationGridPage = lazy(() => import('./invitation-grid'));
const AttributeCategoriesPage = lazy(() => import('./attribute-categories-page'));
const ImportPage = lazy(() => import('../csv/import-page'));

const SCREENS: Record<(typeof GUESTS_SCREENS)[number], ComponentType> = {
  '/': GuestsPage,
  '/grid': InvitationGridPage,
  '/attributes': AttributeCategoriesPage,
  '/import': ImportPage,
};

/** `.../guests/*`: the list, the invitation grid, attributes and the CSV import. */
export default function GuestsRoutes() {
  return (
    <Switch>
      {GUESTS_SCREENS.map((path) => (
        <Route key={path} path={path} component={SCREENS[path]} />
      ))}
      <Route component={NoMatch} />
    </Switch>
  );
}
