import { Route, Switch } from 'wouter';
import { NoMatch } from '../components/error-screen';
import { OccasionsPage } from './occasions-page';

/** `/occasions/*`: the list, and `/occasions/new` with the create dialog open. */
export default function OccasionsRoutes() {
  return (
    <Switch>
      <Route path="/">
        <OccasionsPage />
      </Route>
      <Route path="/new">
        <OccasionsPage creating />
      </Route>
      <Route>
        <NoMatch />
      </Route>
    </Switch>
  );
}
